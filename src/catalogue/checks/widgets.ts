import { walkJson } from '../model';
import { finding, type Check, type Finding } from './check';

/** Every `ui:widget` names a widget the app registers (src/engine/react/registry.tsx). */
export const widgets: Check = {
  name: 'widgets',
  summary: 'every ui:widget is a registered widget',
  run(model) {
    const found: Finding[] = [];
    const done = new Set<string>();
    for (const flow of model.flows)
      for (const step of flow.steps) {
        if (!step.ui || done.has(step.uiFile)) continue;
        done.add(step.uiFile);
        walkJson(step.ui, (node, pointer) => {
          const widget = node['ui:widget'];
          if (typeof widget === 'string' && !model.source.widgets.includes(widget))
            found.push(
              finding(
                step.uiFile,
                `${pointer}/ui:widget`,
                `widget "${widget}" is not registered (registered: ${model.source.widgets.join(', ')})`,
              ),
            );
        });
      }
    return found;
  },
};
