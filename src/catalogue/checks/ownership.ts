import { isWithin, parsePointer, toPointer } from '../../engine/core/pointer';
import { schemaLeaves } from '../model';
import { finding, type Check, type Finding } from './check';

/**
 * What steps own and what their schemas declare agree: every owned pointer is a field of the step, every
 * field is owned; every context field, rule and reset speaks of data some step asks for.
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
      const owned = definition.steps.flatMap((s) => s.owns);
      for (const [name, field] of Object.entries(definition.context))
        if (!owned.some((o) => isWithin(field.pointer, o)))
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
