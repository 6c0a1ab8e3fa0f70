import { finding, type Check, type Finding } from './check';

/** Every UI file follows _meta/ui.schema.json: only the `ui:` options we support, each in its shape. */
export const uiFiles: Check = {
  name: 'ui-files',
  summary: 'every <step>.ui.json follows _meta/ui.schema.json (unknown ui: options are errors)',
  run(model) {
    const found: Finding[] = [];
    const validate = model.validateUiFile;
    if (!validate) return found;
    const done = new Set<string>();
    for (const flow of model.flows)
      for (const step of flow.steps) {
        if (!step.ui || done.has(step.uiFile)) continue;
        done.add(step.uiFile);
        if (!validate(step.ui))
          for (const e of validate.errors ?? [])
            found.push(finding(step.uiFile, e.instancePath, e.message ?? e.keyword));
      }
    return found;
  },
};
