import { FLOW_META, schemaProblems, UI_META } from '../model';
import { finding, type Check, type Finding } from './check';

/** The meta-schemas are there, and every shared file is a JSON Schema with its own `$id`. */
export const metaSchemas: Check = {
  name: 'meta-schemas',
  summary: 'the meta-schemas exist; every shared file (_defs, _meta) is a valid JSON Schema',
  run(model) {
    const found: Finding[] = [];
    for (const file of [FLOW_META, UI_META])
      if (!model.shared[file]) found.push(finding(file, '', 'is missing'));
    for (const [file, content] of Object.entries(model.source.files)) {
      if (!/^_(defs|meta)\//.test(file)) continue;
      if (content === null || typeof content !== 'object' || Array.isArray(content)) {
        found.push(finding(file, '', 'must be a JSON object'));
        continue;
      }
      const id = model.shared[file]!.$id as string;
      const own = (content as Record<string, unknown>).$id;
      if (own !== undefined && own !== id) found.push(finding(file, '/$id', `must be "${id}" (or left out)`));
      for (const p of schemaProblems(model.ajv, model.shared[file]!))
        found.push(finding(file, p.pointer, p.message));
    }
    return found;
  },
};
