/** Derives a flow's context from form data. */
import { getAt } from './pointer';
import type { Context, FlowDefinition, FormData, Scalar } from './types';

/**
 * Reads each context field from the data: the value at its pointer, through its value map.
 * A missing, empty or unmapped value is "not answered" and left out of the context.
 * @param flow - the flow definition
 * @param data - the form data
 * @returns - the context, without unanswered fields
 */
export function deriveContext(flow: FlowDefinition, data: FormData): Context {
  const context: Context = {};
  for (const [name, field] of Object.entries(flow.context)) {
    const raw = getAt(data, field.pointer);
    if (raw === undefined || raw === null || raw === '') continue;
    let value: Scalar;
    if (field.map) {
      value = typeof raw === 'string' && Object.hasOwn(field.map, raw) ? (field.map[raw] ?? null) : null;
    } else if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') {
      value = raw;
    } else {
      value = null;
    }
    if (value !== null && !field.domain.includes(value) && field.otherwise !== undefined)
      value = field.otherwise;
    if (value !== null) context[name] = value;
  }
  return context;
}
