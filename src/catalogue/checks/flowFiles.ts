import type { ErrorObject } from 'ajv';
import { finding, type Check, type Finding } from './check';

/** An ajv error of the flow meta-schema, said the way ops read it. */
function describe(e: ErrorObject): { where: string; message: string } {
  if (e.keyword === 'additionalProperties') {
    const key = String(e.params.additionalProperty);
    return { where: `${e.instancePath}/${key}`, message: `unknown key "${key}"` };
  }
  if (e.keyword === 'required')
    return { where: e.instancePath, message: `"${String(e.params.missingProperty)}" is required` };
  if (e.keyword === 'enum')
    return {
      where: e.instancePath,
      message: `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
    };
  return { where: e.instancePath, message: e.message ?? e.keyword };
}

/** Every flow.json follows the flow meta-schema (unknown keys are errors) and is named after its folder. */
export const flowFiles: Check = {
  name: 'flow-files',
  summary: 'every flow.json follows _meta/flow.schema.json and its "flow" is its folder name',
  run(model) {
    const found: Finding[] = [];
    const validate = model.validateFlowFile;
    for (const flowFile of model.flowFiles) {
      if (validate && !flowFile.valid) {
        validate(flowFile.content);
        for (const e of validate.errors ?? []) {
          const { where, message } = describe(e);
          found.push(finding(flowFile.file, where, message));
        }
        continue;
      }
      const id = (flowFile.content as { flow?: unknown }).flow;
      if (id !== flowFile.folder)
        found.push(finding(flowFile.file, '/flow', `must equal its folder name "${flowFile.folder}"`));
    }
    return found;
  },
};
