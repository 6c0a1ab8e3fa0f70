/**
 * The stepper's outlook on the real onboarding flow: no total is told while an answer still to give can change
 * the path, and the steps that ask those answers are named.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathOutlook } from '../../src/engine/core/outlook';
import { buildMatrix } from '../../src/engine/core/matrix';
import { resolveSteps } from '../../src/engine/core/steps';
import type { FlowDefinition } from '../../src/engine/core/types';

const flow = JSON.parse(readFileSync('schemas/onboarding/flow.json', 'utf8')) as FlowDefinition;

describe('pathOutlook', () => {
  it.each([
    ['nothing answered', {}, false, ['basic-info']],
    ['a country without a volume', { country_of_main_operations: 'SAU' }, false, ['basic-info']],
    [
      'a Saudi merchant before the licence type',
      { country_of_main_operations: 'SAU', annual_volume: 'less_than_1m' },
      false,
      ['business-licence-sau'],
    ],
    [
      'a Saudi commercial registration',
      {
        country_of_main_operations: 'SAU',
        annual_volume: 'less_than_1m',
        legal_info: { business_license_type: 'commercial_registration' },
      },
      true,
      [],
    ],
    [
      'an Emirati company before its business type',
      { country_of_main_operations: 'ARE', annual_volume: 'from_1m_to_5m' },
      false,
      ['commercial-licence-are'],
    ],
    [
      'a Bahraini store (the licence type is forced)',
      {
        country_of_main_operations: 'BHR',
        annual_volume: 'from_1m_to_5m',
        legal_info: { business_license_type: 'commercial_registration' },
      },
      true,
      [],
    ],
    ['another country', { country_of_main_operations: 'EGY', annual_volume: 'from_1m_to_5m' }, true, []],
  ])('%s', (_name, data, settled, decidedIn) => {
    const outlook = pathOutlook(flow, data);
    expect({ settled: outlook.settled, decidedIn: outlook.decidedIn }).toEqual({ settled, decidedIn });
    if (settled)
      expect(outlook.range).toEqual([resolveSteps(flow, data).length, resolveSteps(flow, data).length]);
  });

  it('a settled path never changes: whatever is answered later, the steps stay those counted', () => {
    // Every combination of the matrix that the outlook calls settled keeps its steps under any other answers
    // to the fields it left open — checked by the definition on each row of the full matrix.
    const matrix = buildMatrix(flow);
    for (const row of matrix) {
      const data: Record<string, unknown> = {};
      const put = (pointer: string, value: unknown) => {
        const parts = pointer.split('/').slice(1);
        let node = data;
        parts.slice(0, -1).forEach((p) => (node = (node[p] ??= {}) as Record<string, unknown>));
        node[parts.at(-1)!] = value;
      };
      for (const [name, value] of Object.entries(row.context)) {
        if (value === null) continue;
        const field = flow.context[name]!;
        const raw = field.map ? Object.entries(field.map).find(([, v]) => v === value)?.[0] : value;
        put(field.pointer, name === 'businessType' ? value : raw);
      }
      const outlook = pathOutlook(flow, data);
      if (!outlook.settled) continue;
      const sameFixed = matrix.filter((other) =>
        Object.entries(row.context).every(([k, v]) => v === null || other.context[k] === v),
      );
      for (const other of sameFixed) expect([row.context, other.steps]).toEqual([row.context, row.steps]);
    }
  });

  it('the longest path still possible only shrinks as answers come in', () => {
    const first = pathOutlook(flow, {}).range[1];
    const then = pathOutlook(flow, { country_of_main_operations: 'ARE', annual_volume: 'from_1m_to_5m' })
      .range[1];
    expect(first).toBeGreaterThanOrEqual(then);
    expect(then).toBe(12);
  });
});
