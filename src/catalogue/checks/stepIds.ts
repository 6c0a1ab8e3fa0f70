import { finding, type Check, type Finding } from './check';

/** Step ids, and the ids of lead steps, are unique within their flow (they are the wizard's addresses). */
export const stepIds: Check = {
  name: 'step-ids',
  summary: 'step and lead step ids are unique within their flow',
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
      // A lead step is chosen by its id in the same step list: it may be neither a step's id nor another lead's.
      const leads = new Set<string>();
      (flow.definition.lead ?? []).forEach((lead, i) => {
        if (seen.has(lead.id) || leads.has(lead.id))
          found.push(finding(flow.file, `/lead/${i}/id`, `lead step id "${lead.id}" is already a step's id`));
        leads.add(lead.id);
      });
    }
    return found;
  },
};
