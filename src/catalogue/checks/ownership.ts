import { isWithin, parsePointer, toPointer } from '../../engine/core/pointer';
import { isObject } from '../../engine/core/json';
import { FACTS_KEY } from '../../engine/core/types';
import { schemaLeaves } from '../model';
import { finding, type Check, type Finding } from './check';

/**
 * What steps own and what their schemas declare agree: every owned pointer is a field of the step, every
 * field is owned; every context field (but the server's facts, `/$facts/…`), rule and reset speaks of data some
 * step asks for; a field's lookup (`ui:options.lookup`) fills only fields of its own step.
 */
export const ownership: Check = {
  name: 'ownership',
  summary: 'each step owns exactly its fields; context, rules and resets use owned data',
  run(model) {
    const found: Finding[] = [];
    for (const flow of model.flows) {
      const { definition, file } = flow;
      for (const step of flow.steps) {
        if (!step.schema) continue;
        const leaves = schemaLeaves(step.schema);
        step.definition.owns.forEach((owned, i) => {
          if (!leaves.some((leaf) => isWithin(owned, leaf) || isWithin(leaf, owned)))
            found.push(
              finding(
                file,
                `/steps/${step.index}/owns/${i}`,
                `"${owned}" is not a field of ${step.schemaFile}`,
              ),
            );
        });
        for (const leaf of leaves)
          if (!step.definition.owns.some((owned) => isWithin(leaf, owned) || isWithin(owned, leaf)))
            found.push(
              finding(
                step.schemaFile,
                toPointer([
                  'properties',
                  ...parsePointer(leaf).flatMap((t, i) => (i === 0 ? [t] : ['properties', t])),
                ]),
                `field "${leaf}" is not in the step's "owns" in ${file}`,
              ),
            );
      }
      for (const step of flow.steps) {
        if (!step.ui || !step.uiFile) continue;
        for (const { at, fill } of lookupFills(step.ui))
          for (const pointer of Object.keys(fill))
            if (!step.definition.owns.some((o) => isWithin(pointer, o)))
              found.push(
                finding(
                  step.uiFile,
                  `${at}/ui:options/lookup/fill`,
                  `"${pointer}" is not a field of step "${step.definition.id}", so its lookup cannot fill it`,
                ),
              );
      }
      const owned = definition.steps.flatMap((s) => s.owns);
      for (const [name, field] of Object.entries(definition.context))
        if (!isWithin(field.pointer, `/${FACTS_KEY}`) && !owned.some((o) => isWithin(field.pointer, o)))
          found.push(
            finding(
              file,
              `/context/${name}/pointer`,
              `no step owns "${field.pointer}", so "${name}" can never be answered`,
            ),
          );
      const ownedSomewhere = (pointer: string) =>
        owned.some((o) => isWithin(pointer, o) || isWithin(o, pointer));
      (definition.rules ?? []).forEach((rule, i) => {
        for (const pointer of Object.keys(rule.set ?? {}))
          if (!ownedSomewhere(pointer))
            found.push(
              finding(
                file,
                `/rules/${i}/set`,
                `no step owns "${pointer}", so the rule sets a field nobody sees`,
              ),
            );
        (rule.clear ?? []).forEach((pointer, j) => {
          if (!ownedSomewhere(pointer))
            found.push(finding(file, `/rules/${i}/clear/${j}`, `no step owns "${pointer}"`));
        });
      });
      (definition.resets ?? []).forEach((reset, i) => {
        if (!ownedSomewhere(reset.on))
          found.push(finding(file, `/resets/${i}/on`, `no step owns "${reset.on}"`));
        reset.clear.forEach((pointer, j) => {
          if (!ownedSomewhere(pointer))
            found.push(finding(file, `/resets/${i}/clear/${j}`, `no step owns "${pointer}"`));
        });
      });
    }
    return found;
  },
};

/** Every `ui:options.lookup.fill` in a UI schema, with the UI pointer of the field it is on. */
function lookupFills(ui: unknown, at = ''): { at: string; fill: Record<string, unknown> }[] {
  if (!isObject(ui)) return [];
  const found: { at: string; fill: Record<string, unknown> }[] = [];
  const options = ui['ui:options'];
  if (isObject(options) && isObject(options.lookup) && isObject(options.lookup.fill))
    found.push({ at, fill: options.lookup.fill });
  for (const [key, child] of Object.entries(ui))
    if (!key.startsWith('ui:')) found.push(...lookupFills(child, `${at}/${key}`));
  return found;
}
