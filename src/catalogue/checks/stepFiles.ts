import { brokenRefs, CATALOGUE_BASE, schemaProblems } from '../model';
import { finding, type Check, type Finding } from './check';

const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Every step has its schema and UI file, each a JSON object; the schema declares JSON Schema 2020-12, is a
 * valid one and compiles (once its `$ref`s resolve: the refs check says where one does not).
 */
export const stepFiles: Check = {
  name: 'step-files',
  summary: 'every step has <step>.schema.json (valid JSON Schema 2020-12) and <step>.ui.json',
  run(model, earlier) {
    const found: Finding[] = [];
    // A keyword the engine refuses is named once, with its replacement (keywords.ts), not again as ajv's complaint.
    const refused = new Set(earlier.filter((p) => p.check === 'keywords').map((p) => p.file));
    const done = new Set<string>();
    for (const flow of model.flows) {
      for (const step of flow.steps) {
        if (done.has(step.schemaFile)) continue;
        done.add(step.schemaFile);
        const { id } = step.definition;
        for (const [file, content] of [
          [step.schemaFile, model.source.files[step.schemaFile]],
          [step.uiFile, model.source.files[step.uiFile]],
        ] as const) {
          if (content === undefined)
            found.push(finding(file, '', `is missing (step "${id}" of ${flow.file})`));
          else if (content === null || typeof content !== 'object' || Array.isArray(content))
            found.push(finding(file, '', 'must be a JSON object'));
        }
        const schema = step.schema;
        if (!schema) continue;
        const raw = model.source.files[step.schemaFile] as Record<string, unknown>;
        const id$ = CATALOGUE_BASE + step.schemaFile;
        if (raw.$id !== undefined && raw.$id !== id$)
          found.push(finding(step.schemaFile, '/$id', `must be "${id$}" (or left out)`));
        if (raw.$schema !== DRAFT_2020) {
          found.push(finding(step.schemaFile, '/$schema', `must be "${DRAFT_2020}"`));
          continue;
        }
        if (refused.has(step.schemaFile)) continue;
        const invalid = schemaProblems(model.ajv, schema);
        if (invalid.length > 0) {
          for (const p of invalid) found.push(finding(step.schemaFile, p.pointer, p.message));
          continue;
        }
        // ajv would only repeat a broken $ref, without its place.
        if (brokenRefs(model, step.schemaFile, schema).length > 0) continue;
        try {
          model.ajv.compile(schema);
        } catch (error) {
          found.push(finding(step.schemaFile, '', (error as Error).message));
        }
      }
    }
    return found;
  },
};
