/**
 * The one walk over a step schema, its UI schema and its data together. A node's fields are its `properties`
 * and its list `items`, each with its `$ref` followed (withRef), its own UI schema node and its own data. The
 * form's texts (translateUi), the read-only summary, the server's file and unknown-key checks and the
 * catalogue's UI check all walk with it, so a `$ref`, a list or a nested object is followed the same way
 * everywhere.
 *
 * Conditional fields: a field declared only in the `then` (or `else`) of an `if` on its object — directly or in
 * an `allOf` item — is a field of that object when the branch applies. Walking with `branches: 'data'` keeps
 * the fields that apply to the data as it is (the summary, dropping what no longer applies); `'all'` (the
 * default) every field any branch declares (texts, the UI check, the unknown-key check).
 */
import { branchApplies } from './composition';
import { matchesFieldCondition } from './fieldConditions';
import { isObject, type JsonObject } from './json';
import { parsePointer, toPointer } from './pointer';
import { withRef, type RefResolver, type SchemaObject } from './schemaRef';

export interface WalkNode {
  /** The node's schema, its `$ref` followed (the node's own keywords win). */
  schema: SchemaObject;
  /** The node's UI schema (`{}` when it has none). */
  ui: JsonObject;
  /** The data at the node (undefined when absent). */
  data: unknown;
  /** The data's JSON pointer; `-` stands for "any item" of a list with no items in the data. */
  pointer: string;
}

export interface WalkField extends WalkNode {
  /** A property of an object, or an item of a list. */
  kind: 'property' | 'item';
  /** The property's name, or the item's index (`-` for the items schema itself). */
  name: string;
}

const child = (pointer: string, name: string | number) => toPointer([...parsePointer(pointer), name]);

/** Which conditional fields a walk takes: every branch's, or those of the branches the data selects. */
export type Branches = 'all' | 'data';

/** A schema node's conditionals: its own `if`/`then`/`else` and those of its `allOf` items. */
export function conditionalsOf(
  schema: SchemaObject,
): { if: JsonObject; then?: JsonObject; else?: JsonObject }[] {
  const nodes = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf.filter(isObject) : [])];
  return nodes
    .filter((n) => isObject(n.if))
    .map((n) => ({
      if: n.if as JsonObject,
      ...(isObject(n.then) ? { then: n.then } : {}),
      ...(isObject(n.else) ? { else: n.else } : {}),
    }));
}

/** How deep subschemas applying to one object nest (`allOf` in a `oneOf` branch in a `then` …). */
const MAX_APPLIED_DEPTH = 8;

/**
 * The subschemas that apply to the same data as a node, the node first: the branches of its `if` (`then`,
 * `else`), its `allOf` items, its `oneOf`/`anyOf` branches and its `dependencies`' schemas — each followed into
 * its own. With `branches: 'data'` only those the data takes: the `if`'s branch it selects, the `oneOf`/`anyOf`
 * branches whose selector it agrees with (composition.ts), the dependencies whose property it holds.
 */
export function appliedSchemas(
  schema: SchemaObject,
  data: unknown,
  branches: Branches,
  resolve?: RefResolver,
): SchemaObject[] {
  const found: SchemaObject[] = [];
  const follow = (node: unknown): SchemaObject | null =>
    isObject(node) ? (resolve ? withRef(node, resolve) : node) : null;
  const visit = (node: SchemaObject, depth: number) => {
    found.push(node);
    if (depth >= MAX_APPLIED_DEPTH) return;
    const go = (child: unknown) => {
      const next = follow(child);
      if (next) visit(next, depth + 1);
    };
    if (isObject(node.if)) {
      if (branches === 'all') [node.then, node.else].forEach(go);
      else go(matchesFieldCondition(node.if, data) ? node.then : node.else);
    }
    if (Array.isArray(node.allOf)) node.allOf.forEach(go);
    for (const keyword of ['oneOf', 'anyOf'] as const)
      if (Array.isArray(node[keyword]))
        for (const branch of node[keyword])
          if (branches === 'all' || (isObject(branch) && branchApplies(follow(branch)!, data))) go(branch);
    if (isObject(node.dependencies))
      for (const [property, dependent] of Object.entries(node.dependencies))
        if (branches === 'all' || (isObject(data) && data[property] !== undefined)) go(dependent);
  };
  visit(schema, 0);
  return found;
}

/** Every property a schema node declares, its own and any branch's of its subschemas (the first declaration wins). */
export function declaredProperties(schema: SchemaObject, resolve?: RefResolver): Record<string, JsonObject> {
  return Object.fromEntries(propertiesOf(schema, undefined, 'all', resolve));
}

/**
 * A node's properties: its own, then those the subschemas applying to it declare that it does not (the branches
 * taken by `branches`, see appliedSchemas), each once, the first declaration winning.
 */
function propertiesOf(
  schema: SchemaObject,
  data: unknown,
  branches: Branches,
  resolve?: RefResolver,
): [string, JsonObject][] {
  const found = new Map<string, JsonObject>();
  for (const node of appliedSchemas(schema, data, branches, resolve))
    if (isObject(node.properties))
      for (const [name, raw] of Object.entries(node.properties))
        if (isObject(raw) && !found.has(name)) found.set(name, raw);
  return [...found];
}

/**
 * The fields directly below a node: its properties (in schema order), then its list items — one per item
 * of the data, or the items schema once (at `<list>/-`) when the data holds no list.
 * @param node - where to look
 * @param resolve - follows a `$ref` (localRefs for a bundled schema)
 */
export function fieldsOf(node: WalkNode, resolve: RefResolver, branches: Branches = 'all'): WalkField[] {
  const { schema, ui, data, pointer } = node;
  const fields: WalkField[] = [];
  for (const [name, raw] of propertiesOf(schema, data, branches, resolve))
    fields.push({
      kind: 'property',
      name,
      schema: withRef(raw, resolve),
      ui: isObject(ui[name]) ? ui[name] : {},
      data: isObject(data) ? data[name] : undefined,
      pointer: child(pointer, name),
    });
  // A tuple (`prefixItems`) has a schema per position, and `items` for any after them.
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  const rest = isObject(schema.items) ? withRef(schema.items, resolve) : null;
  // As rjsf reads it: a list of UI schemas for a tuple's positions, or one for every item.
  const itemsUi = (i: number): JsonObject => {
    const raw: unknown = Array.isArray(ui.items) ? ui.items[i] : ui.items;
    return isObject(raw) ? raw : {};
  };
  const itemAt = (i: number): JsonObject | null =>
    i < prefix.length ? (isObject(prefix[i]) ? withRef(prefix[i], resolve) : null) : rest;
  const pushItem = (i: number, item: unknown) => {
    const items = itemAt(i);
    if (items)
      fields.push({
        kind: 'item',
        name: String(i),
        schema: items,
        ui: itemsUi(i),
        data: item,
        pointer: child(pointer, i),
      });
  };
  if (Array.isArray(data)) data.forEach((item, i) => pushItem(i, item));
  else {
    prefix.forEach((_, i) => pushItem(i, undefined));
    if (rest)
      fields.push({
        kind: 'item',
        name: '-',
        schema: rest,
        ui: itemsUi(prefix.length),
        data: undefined,
        pointer: child(pointer, '-'),
      });
  }
  return fields;
}

/** How deep a walk goes: a schema that refers to itself would otherwise never end. */
export const MAX_WALK_DEPTH = 32;

/**
 * Visits a node and every field below it, depth first, down to MAX_WALK_DEPTH levels. `visit` returning
 * false skips the node's fields.
 * @param root - the schema to start at (its `$ref` is followed)
 */
export function walkFields(
  root: { schema: SchemaObject; ui?: JsonObject; data?: unknown },
  resolve: RefResolver,
  visit: (node: WalkNode | WalkField) => boolean | void,
  branches: Branches = 'all',
): void {
  const go = (node: WalkNode | WalkField, depth: number) => {
    if (visit(node) === false || depth >= MAX_WALK_DEPTH) return;
    for (const field of fieldsOf(node, resolve, branches)) go(field, depth + 1);
  };
  go({ schema: withRef(root.schema, resolve), ui: root.ui ?? {}, data: root.data, pointer: '' }, 0);
}

/**
 * Pointers of the data that its schema does not declare: an object's key that is not one of its
 * `properties` (and no `additionalProperties` or `patternProperties` lets in), at any depth. The server
 * refuses them: a draft holds only what some step asks for.
 */
export function undeclaredPointers(schema: SchemaObject, data: unknown, resolve: RefResolver): string[] {
  const found: string[] = [];
  walkFields({ schema, data }, resolve, (node) => {
    if (!isObject(node.data)) return;
    const declared = new Set(propertiesOf(node.schema, node.data, 'all', resolve).map(([name]) => name));
    const open = node.schema.additionalProperties !== undefined && node.schema.additionalProperties !== false;
    if (open || node.schema.patternProperties !== undefined) return;
    for (const key of Object.keys(node.data)) if (!declared.has(key)) found.push(child(node.pointer, key));
  });
  return found;
}

/**
 * Pointers of the data held by conditional fields that do not apply to it (a VAT number while the business is
 * not registered for VAT): declared by a branch of an `if`, but not by the branch the data selects. Such data
 * is dropped on every save, like the data of a step that is not on the merchant's path.
 */
export function inapplicablePointers(schema: SchemaObject, data: unknown, resolve: RefResolver): string[] {
  const found: string[] = [];
  const go = (node: WalkNode, depth: number) => {
    if (depth >= MAX_WALK_DEPTH) return;
    if (isObject(node.data)) {
      const applies = new Set(propertiesOf(node.schema, node.data, 'data', resolve).map(([name]) => name));
      for (const [name] of propertiesOf(node.schema, node.data, 'all', resolve))
        if (!applies.has(name) && node.data[name] !== undefined) found.push(child(node.pointer, name));
    }
    for (const field of fieldsOf(node, resolve, 'data')) go(field, depth + 1);
  };
  go({ schema: withRef(schema, resolve), ui: {}, data, pointer: '' }, 0);
  return found;
}

/** Pointers of the uploaded-file fields (schemas with `x-accept`) that hold a value in the data. */
export function filePointers(schema: SchemaObject, data: unknown, resolve: RefResolver): string[] {
  const found: string[] = [];
  walkFields({ schema, data }, resolve, (node) => {
    if (!('x-accept' in node.schema)) return;
    if (typeof node.data === 'string' && node.data !== '') found.push(node.pointer);
    return false;
  });
  return found;
}

/**
 * Whether a step draws the field at `pointer` for this data, and its title there (the UI schema's `ui:title`,
 * else the schema's `title`: a text key); undefined when the step does not draw it. The review console names a
 * sent-back answer by it, and finds the step it stands in.
 */
export function fieldTitleAt(
  step: { schema: SchemaObject; ui?: JsonObject; resolve: RefResolver },
  data: unknown,
  pointer: string,
): { title: string | null } | undefined {
  let found: { title: string | null } | undefined;
  walkFields(
    { schema: step.schema, ui: step.ui, data },
    step.resolve,
    (node) => {
      if (found) return false;
      if (node.pointer === pointer) {
        const title = node.ui['ui:title'] ?? node.schema.title;
        found = { title: typeof title === 'string' ? title : null };
        return false;
      }
      // Only down the branch that leads to it.
      return node.pointer === '' || pointer.startsWith(`${node.pointer}/`);
    },
    'data',
  );
  return found;
}
