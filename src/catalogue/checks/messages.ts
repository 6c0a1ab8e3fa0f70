import { defaultMessageKeys } from '../texts';
import { textProblem } from './translations';
import { finding, type Check, type Finding } from './check';

/** Every rule a step can break has a default message in every language (`validation:error.<keyword>`). */
export const messages: Check = {
  name: 'messages',
  summary: 'every rule and format the steps use has a default message (locales/*/validation.json)',
  run(model) {
    const keys = new Set<string>();
    for (const flow of model.flows)
      for (const step of flow.steps)
        if (step.schema) defaultMessageKeys(step.schema).forEach((k) => keys.add(k));
    for (const [file, schema] of Object.entries(model.shared))
      if (file.startsWith('_defs/')) defaultMessageKeys(schema).forEach((k) => keys.add(k));
    const found: Finding[] = [];
    for (const key of [...keys].sort()) {
      const problem = textProblem(model, key);
      if (problem) found.push(finding('locales', `/${key.replace(':', '/').replaceAll('.', '/')}`, problem));
    }
    return found;
  },
};
