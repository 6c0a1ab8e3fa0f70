/**
 * A step schema made self-contained (rjsf and precompiled validators resolve only local `$ref`s): every
 * shared definition it uses is copied into its `$defs` under a name made from the file and the pointer,
 * and the `$ref` is rewritten. Works on a model (checks) or on a version's content alike.
 */
import { getAt } from '../engine/core/pointer';
import { isObject } from '../engine/core/json';
import { resolveRef, type JsonSchema } from './model';

/**
 * @param shared - shared definitions by path (`_defs/common.schema.json`)
 * @param schema - the step schema
 * @param schemaFile - its path, which its relative `$ref`s start from
 * @param id - the bundled schema's `$id`
 * @returns - a new schema; nothing given is changed
 */
export function bundleSchema(
  shared: Record<string, JsonSchema>,
  schema: JsonSchema,
  schemaFile: string,
  id: string,
): JsonSchema {
  const defs: Record<string, unknown> = {};
  const localName = (file: string, pointer: string) =>
    `${file.replace(/^_defs\//, '').replace(/\.schema\.json$/, '')}${pointer.replace(/^\/\$defs/, '').replaceAll('/', '.')}`.replace(
      /[^A-Za-z0-9_.-]/g,
      '_',
    );

  const rewrite = (node: unknown, fromFile: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, fromFile));
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      // A reference out of the step's file — and any reference inside a shared file, whose `#/$defs/…` means
      // that file's definitions, not the step's — becomes a definition of the bundled schema.
      if (
        key === '$ref' &&
        typeof value === 'string' &&
        (!value.startsWith('#') || fromFile !== schemaFile)
      ) {
        const target = resolveRef(fromFile, value);
        const name = localName(target.file, target.pointer);
        if (!(name in defs)) {
          defs[name] = {}; // reserve first: definitions may refer to each other
          defs[name] = rewrite(getAt(shared[target.file], target.pointer), target.file);
        }
        out.$ref = `#/$defs/${name}`;
      } else out[key] = rewrite(value, fromFile);
    }
    return out;
  };

  const { $id: _id, ...body } = rewrite(schema, schemaFile) as JsonSchema;
  const ownDefs = isObject(body.$defs) ? body.$defs : {};
  return {
    ...body,
    $id: id,
    ...(Object.keys(defs).length + Object.keys(ownDefs).length > 0 ? { $defs: { ...ownDefs, ...defs } } : {}),
  };
}

/** The shared files a schema uses, directly or through other shared files. */
export function sharedFilesUsed(
  shared: Record<string, JsonSchema>,
  schema: JsonSchema,
  schemaFile: string,
): string[] {
  const used = new Set<string>();
  const visit = (node: unknown, fromFile: string) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, fromFile));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (
        key === '$ref' &&
        typeof value === 'string' &&
        (!value.startsWith('#') || fromFile !== schemaFile)
      ) {
        const { file } = resolveRef(fromFile, value);
        if (file !== schemaFile && shared[file] && !used.has(file)) {
          used.add(file);
          visit(shared[file], file);
        }
      } else visit(value, fromFile);
    }
  };
  visit(schema, schemaFile);
  return [...used].sort();
}
