/**
 * How sure the steps ahead are. Before the merchant has given the answers a flow routes on (country, volume,
 * licence type …), the active steps are only those known so far, and their count grows as answers come in: a
 * stepper that said "Step 1 of 2", then "2 of 4", then "3 of 7" would be telling the merchant something false at
 * each stage. So the stepper asks here whether any answer still to give could change the path, and which steps
 * ask those answers, and says "more steps follow your answers in …" instead of a total until the path is settled.
 *
 * Every answer still to give is tried (each context field not yet answered, over its domain), as the matrix
 * does. The steps named are those on the path now that ask a deciding question; a question no step on the path
 * asks yet (the licence, before the country and volume are known) is named once its step is on the path.
 */
import { deriveContext } from './context';
import { isWithin } from './pointer';
import { activeStepsFor } from './steps';
import type { Context, FlowDefinition, FormData, Scalar } from './types';

export interface PathOutlook {
  /** No answer still to give can change the steps: the count is the path's. */
  settled: boolean;
  /** The active steps whose answers still decide the path, in path order (empty once settled). */
  decidedIn: string[];
  /** The fewest and the most steps the path can still have. */
  range: [number, number];
}

/** The outlook of the path for the data (see the module comment). */
export function pathOutlook(flow: FlowDefinition, data: FormData): PathOutlook {
  const context = deriveContext(flow, data);
  const current = activeStepsFor(flow, context);
  const currentPath = current.map((s) => s.id).join(' ');
  const askedBy = (pointer: string) =>
    current.find((step) => step.owns.some((owned) => isWithin(pointer, owned) || isWithin(owned, pointer)));
  // The questions not answered yet, each with the answers it may get.
  const open = Object.entries(flow.context)
    .filter(([name]) => !(name in context))
    .map(([name, field]) => ({
      name,
      values: field.domain.filter((v): v is Exclude<Scalar, null> => v !== null),
      step: askedBy(field.pointer)?.id,
    }))
    .filter((question) => question.values.length > 0);
  const settledAs = { settled: true, decidedIn: [], range: [current.length, current.length] } as PathOutlook;
  if (open.length === 0) return settledAs;

  // Every combination of the open answers, in mixed radix: index i gives each question one of its values.
  const sizes = open.map((q) => q.values.length);
  const total = sizes.reduce((n, size) => n * size, 1);
  const pathOf: string[] = [];
  const lengths: number[] = [];
  for (let i = 0; i < total; i += 1) {
    const tried: Context = { ...context };
    let rest = i;
    open.forEach((question, q) => {
      tried[question.name] = question.values[rest % sizes[q]!]!;
      rest = Math.floor(rest / sizes[q]!);
    });
    const steps = activeStepsFor(flow, tried);
    pathOf.push(steps.map((s) => s.id).join(' '));
    lengths.push(steps.length);
  }
  if (pathOf.every((path) => path === currentPath)) return settledAs;
  // A question decides when two combinations that differ only in its answer lead to different steps; when every
  // combination leads to the same steps (but not today's), each open question does.
  const deciding = open.filter((_question, q) => {
    const stride = sizes.slice(0, q).reduce((n, size) => n * size, 1);
    for (let i = 0; i < total; i += 1) {
      const digit = Math.floor(i / stride) % sizes[q]!;
      if (digit > 0 && pathOf[i] !== pathOf[i - digit * stride]) return true;
    }
    return false;
  });
  const named = (deciding.length > 0 ? deciding : open).flatMap((q) => (q.step ? [q.step] : []));
  const order = current.map((s) => s.id);
  return {
    settled: false,
    decidedIn: [...new Set(named)].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    range: [Math.min(...lengths), Math.max(...lengths)],
  };
}
