import { brokenRefs } from '../model';
import { finding, type Check, type Finding } from './check';

/** Every `$ref` of a shared file or a step schema points at a file and a place in it that exist. */
export const refs: Check = {
  name: 'refs',
  summary: 'every $ref resolves to an existing file and place',
  run(model) {
    const found: Finding[] = [];
    const documents = new Map<string, unknown>(Object.entries(model.shared));
    for (const flow of model.flows)
      for (const step of flow.steps) if (step.schema) documents.set(step.schemaFile, step.schema);
    for (const [file, document] of documents)
      for (const broken of brokenRefs(model, file, document))
        found.push(finding(file, broken.pointer, broken.message));
    return found;
  },
};
