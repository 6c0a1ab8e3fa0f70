import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { evaluateCondition } from '../../src/engine/core/conditions';
import { buildMatrix } from '../../src/engine/core/matrix';
import type { Condition, Context, FlowDefinition } from '../../src/engine/core/types';

const flow = JSON.parse(readFileSync('schemas/onboarding/flow.json', 'utf8')) as FlowDefinition;

describe('evaluateCondition', () => {
  it('agrees with ajv (JSON Schema semantics) on every step of every matrix context', () => {
    const ajv = new Ajv2020({ strict: false });
    let compared = 0;
    for (const step of flow.steps) {
      if (!step.when) continue;
      const validate = ajv.compile({ ...step.when, conditions: flow.conditions });
      for (const row of buildMatrix(flow)) {
        const context: Context = Object.fromEntries(
          Object.entries(row.context).filter(([, v]) => v !== null),
        ) as Context;
        expect(
          evaluateCondition(step.when, context, flow.conditions),
          `${step.id} ${JSON.stringify(context)}`,
        ).toBe(validate(context));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('an absent field satisfies "properties" but not "required"', () => {
    const condition: Condition = { properties: { tier: { enum: [3, 4] } } };
    expect(evaluateCondition(condition, {})).toBe(true);
    expect(evaluateCondition({ ...condition, required: ['tier'] }, {})).toBe(false);
  });

  it('refuses an unknown keyword instead of treating it as true', () => {
    expect(() => evaluateCondition({ minimum: 3 } as unknown as Condition, {})).toThrow(
      'unknown keyword "minimum" in a condition',
    );
    expect(() =>
      evaluateCondition({ properties: { tier: { minimum: 3 } } } as unknown as Condition, { tier: 1 }),
    ).toThrow('unknown keyword "minimum" in a value condition');
    expect(() => evaluateCondition({ $ref: '#/conditions/missing' }, {}, {})).toThrow(
      'unknown condition "#/conditions/missing"',
    );
  });

  it('supports not, anyOf and type', () => {
    expect(evaluateCondition({ not: { required: ['tier'] } }, {})).toBe(true);
    expect(evaluateCondition({ anyOf: [{ required: ['a'] }, { required: ['b'] }] }, { b: 1 })).toBe(true);
    expect(evaluateCondition({ properties: { tier: { type: 'integer' } } }, { tier: 2.5 })).toBe(false);
    expect(evaluateCondition({ properties: { tier: { not: { const: 1 } } } }, { tier: 1 })).toBe(false);
  });
});
