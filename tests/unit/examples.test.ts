import { describe, expect, it } from 'vitest';
import { stepExamples } from '../../src/engine/core/examples';
import { toFieldMessages } from '../../src/engine/core/messages';
import { onboarding as flow, versions } from '../support/onboarding';
import { flowRuntime } from '../../src/catalogue/runtime';

const validators = flow.validators;

describe('stepExamples on every onboarding step', () => {
  it.each(Object.keys(flow.steps))(
    '%s: a valid example, and each invalid one gives its message key',
    (stepId) => {
      const step = flow.steps[stepId]!;
      const validate = validators[stepId]!;
      const examples = stepExamples(step.schema, step.resolve, (d) => validate(d).errors);
      expect(examples.uncovered).toEqual([]);
      expect(validate(examples.valid).valid).toBe(true);
      if (Object.keys(step.schema.properties as object).length > 0)
        expect(examples.invalid.length).toBeGreaterThan(0);
      for (const example of examples.invalid) {
        const messages = toFieldMessages(validate(example.data).errors);
        expect(
          messages.find((m) => m.pointer === example.pointer)?.key,
          `${example.pointer} ${example.constraint}`,
        ).toBe(example.key);
      }
    },
  );

  it('covers the spec’s rules on the Saudi legal details', () => {
    const step = flow.steps['legal-details-sau']!;
    const validate = validators['legal-details-sau']!;
    const { invalid } = stepExamples(step.schema, step.resolve, (d) => validate(d).errors);
    const byRule = Object.fromEntries(invalid.map((e) => [`${e.pointer} ${e.constraint}`, e.key]));
    expect(byRule).toMatchObject({
      '/legal_info/commercial_registration_number minLength': 'validation:error.minLength',
      '/legal_info/commercial_registration_number not': 'onboarding:errors.crLooksLikeUnified',
      '/legal_info/unified_number pattern': 'onboarding:errors.unifiedLooksLikeCr',
    });
  });

  it('covers a branch that only requires: both finance contacts or none (the simple capital form)', () => {
    const simple = flowRuntime(versions['capital-simple']!);
    const step = simple.steps.apply!;
    const validate = simple.validators.apply!;
    const { invalid } = stepExamples(step.schema, step.resolve, (d) => validate(d).errors);
    const byRule = Object.fromEntries(invalid.map((e) => [`${e.pointer} ${e.constraint}`, e.key]));
    expect(byRule).toMatchObject({
      '/finance/email required': 'capital-forms:person.emailWithPhone',
      '/finance/phone required': 'capital-forms:person.phoneWithEmail',
    });
    for (const example of invalid.filter(
      (e) => e.pointer.startsWith('/finance/') && e.constraint === 'required',
    ))
      expect(
        toFieldMessages(validate(example.data).errors).find((m) => m.pointer === example.pointer)?.key,
      ).toBe(example.key);
  });

  it('lists what it cannot cover instead of inventing it', () => {
    const schema = {
      type: 'object',
      required: ['code'],
      properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } },
    };
    const examples = stepExamples(
      schema,
      () => undefined,
      () => [],
    );
    expect(examples.uncovered).toEqual([
      { pointer: '/code', constraint: 'valid', reason: 'add an "x-example" value to the field' },
    ]);
  });
});

describe('stepExamples on a list of objects with objects inside (capital-kyb shareholder IDs)', () => {
  it('gives each item its nested fields at their places, and the example is valid', () => {
    const kyb = flowRuntime(versions['capital-kyb']!);
    const step = kyb.steps['shareholder-ids']!;
    const examples = stepExamples(
      step.schema,
      step.resolve,
      (d) => kyb.validators['shareholder-ids']!(d).errors,
    );
    expect(examples.uncovered).toEqual([]);
    const [item] = (examples.valid as { shareholders: Record<string, unknown>[] }).shareholders;
    expect(item).toMatchObject({
      name: 'Faisal Al Mansouri',
      type: 'individual',
      value: 100,
      documents: { passport: { file: expect.any(String) }, non_resident: false },
    });
    expect(kyb.validators['shareholder-ids']!(examples.valid).valid).toBe(true);
  });
});
