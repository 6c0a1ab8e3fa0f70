import { isWithin } from '../../engine/core/pointer';
import { soundMatrix } from './reachability';
import { finding, type Check, type Finding } from './check';

/**
 * Every path of the matrix ends at a step with an `end` — or stops short only while a context field that one
 * of its steps asks for is still unanswered (the path goes on once it is).
 */
export const pathEndings: Check = {
  name: 'path-endings',
  summary: 'every complete path ends at a step with "end"',
  run(model, earlier) {
    const found: Finding[] = [];
    for (const flow of model.flows) {
      const { rows } = soundMatrix(flow, earlier);
      if (!rows) continue;
      const { definition, file } = flow;
      const byId = new Map(definition.steps.map((s) => [s.id, s]));
      const bad = rows.filter((row) => {
        if (byId.get(row.steps.at(-1) ?? '')?.end) return false;
        const activeOwns = row.steps.flatMap((id) => byId.get(id)?.owns ?? []);
        return !Object.entries(definition.context).some(
          ([name, field]) => row.context[name] === null && activeOwns.some((o) => isWithin(field.pointer, o)),
        );
      });
      for (const row of bad.slice(0, 5))
        found.push(
          finding(
            file,
            '/steps',
            `the path for ${JSON.stringify(row.context)} ends at "${row.steps.at(-1) ?? '(no step)'}", which has no "end"`,
          ),
        );
      if (bad.length > 5)
        found.push(finding(file, '/steps', `… and ${bad.length - 5} more paths end at a step without "end"`));
    }
    return found;
  },
};
