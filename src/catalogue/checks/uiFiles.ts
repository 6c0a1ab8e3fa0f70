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
        if (validate(step.ui)) continue;
        // ajv says "must NOT have additional properties" once per branch it tried: the key, named once.
        const said = new Set<string>();
        for (const e of validate.errors ?? []) {
          const extra = e.keyword === 'additionalProperties' ? String(e.params.additionalProperty) : null;
          const pointer = extra ? `${e.instancePath}/${extra}` : e.instancePath;
          const message = extra
            ? `"${extra}" under "${e.instancePath || '/'}" is not a known option (see _meta/ui.schema.json)`
            : (e.message ?? e.keyword);
          if (said.has(`${pointer} ${message}`)) continue;
          said.add(`${pointer} ${message}`);
          found.push(finding(step.uiFile, pointer, message));
        }
      }
    return found;
  },
};
