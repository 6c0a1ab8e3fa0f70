import { walkJson } from '../model';
import { finding, type Check, type Finding } from './check';

/** Widgets rjsf knows that the catalogue names otherwise, with what to write instead. */
const REPLACED_WIDGETS: Record<string, string> = {
  password:
    'write "ui:inputType": "password" on a text field (typing is hidden; the answer is kept in the draft like any other)',
  uri: 'write "format": "uri" in the schema (it draws a link field)',
  url: 'write "format": "uri" in the schema (it draws a link field)',
  'date-time': 'write "format": "date-time" in the schema',
  time: 'write "format": "time" in the schema',
};

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
          if (typeof widget === 'string' && widget in REPLACED_WIDGETS)
            found.push(
              finding(
                step.uiFile,
                `${pointer}/ui:widget`,
                `widget "${widget}" is not used here: ${REPLACED_WIDGETS[widget]}`,
              ),
            );
          else if (typeof widget === 'string' && !model.source.widgets.includes(widget))
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
