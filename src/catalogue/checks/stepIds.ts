import { finding, type Check, type Finding } from './check';

/** Step ids are unique within their flow (they are the wizard's addresses). */
export const stepIds: Check = {
  name: 'step-ids',
  summary: 'step ids are unique within their flow',
  run(model) {
    const found: Finding[] = [];
    for (const flow of model.flows) {
      const seen = new Map<string, number>();
      for (const step of flow.steps) {
        const first = seen.get(step.definition.id);
        if (first !== undefined)
          found.push(
            finding(
              flow.file,
              `/steps/${step.index}/id`,
              `step id "${step.definition.id}" is used twice (also /steps/${first})`,
            ),
          );
        else seen.set(step.definition.id, step.index);
      }
    }
    return found;
  },
};
