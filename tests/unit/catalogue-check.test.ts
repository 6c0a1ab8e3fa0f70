/**
 * `catalogue check`: the real catalogue is sound, and each kind of broken
 * file is caught with its file and JSON pointer. One test per kind.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogue, type CatalogueSource } from '../../src/engine/core/catalogue';
import { readCatalogue } from '../../src/cli/readCatalogue';
import type { CatalogueProblem } from '../../src/engine/core/types';

const { source: real, problems: readProblems } = readCatalogue(
  path.resolve('schemas'),
  path.resolve('locales'),
);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary JSON

/** A deep copy of the real catalogue, changed by `change`, then checked. */
function checkChanged(
  change: (files: Record<string, Json>, locales: Record<string, Record<string, Json>>) => void,
) {
  const copy = structuredClone(real) as CatalogueSource & {
    files: Record<string, Json>;
    locales: Record<string, Record<string, Json>>;
  };
  change(copy.files, copy.locales);
  return checkCatalogue(copy).problems;
}

const FLOW = 'onboarding/flow.json';
const flowStep = (files: Record<string, Json>, id: string) =>
  (files[FLOW]!.steps as Json[]).find((s) => s.id === id)!;

function expectProblem(
  problems: CatalogueProblem[],
  file: string,
  pointer: string,
  message: string | RegExp,
) {
  expect(problems, JSON.stringify(problems, null, 1)).toContainEqual({
    file,
    pointer,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}

describe('catalogue check on the real catalogue', () => {
  it('finds no problem', () => {
    expect(readProblems).toEqual([]);
    expect(checkCatalogue(real).problems).toEqual([]);
  });
});

describe('catalogue check catches each kind of broken file', () => {
  it('an unknown key in a flow file', () => {
    expectProblem(
      checkChanged((f) => (f[FLOW]!.stepz = [])),
      FLOW,
      '/stepz',
      'unknown key "stepz"',
    );
  });

  it('an unknown key in a step (a typo of "when")', () => {
    const problems = checkChanged((f) => {
      const step = flowStep(f, 'bank-details');
      step.whne = step.when;
      delete step.when;
    });
    expectProblem(problems, FLOW, '/steps/15/whne', 'unknown key "whne"');
  });

  it('an unknown keyword inside a condition', () => {
    const problems = checkChanged((f) => (f[FLOW]!.conditions.lowVolume.properties.tier = { minimum: 3 }));
    expectProblem(problems, FLOW, '/conditions/lowVolume/properties/tier/minimum', 'unknown key "minimum"');
  });

  it('a reference to a condition that does not exist', () => {
    const problems = checkChanged((f) => (flowStep(f, 'store-type').when = { $ref: '#/conditions/knwon' }));
    expectProblem(problems, FLOW, '/steps/3/when/$ref', 'no condition named "knwon"');
  });

  it('a condition on a field that is not in the context', () => {
    const problems = checkChanged(
      (f) => (flowStep(f, 'store-type').when = { properties: { countri: { const: 'SAU' } } }),
    );
    expectProblem(problems, FLOW, '/steps/3/when/properties/countri', /"countri" is not a context field/);
  });

  it('a condition value outside the field’s domain', () => {
    const problems = checkChanged((f) => (f[FLOW]!.conditions.sau.properties.country.const = 'SAUD'));
    expectProblem(
      problems,
      FLOW,
      '/conditions/sau/properties/country',
      '"SAUD" is not in the domain of "country"',
    );
  });

  it('a step id used twice', () => {
    const problems = checkChanged((f) => (flowStep(f, 'legal-details-are').id = 'legal-details-general'));
    expectProblem(
      problems,
      FLOW,
      '/steps/6/id',
      'step id "legal-details-general" is used twice (also /steps/5)',
    );
  });

  it('a step without its schema file', () => {
    const problems = checkChanged((f) => delete f['onboarding/steps/store-type.schema.json']);
    expectProblem(
      problems,
      'onboarding/steps/store-type.schema.json',
      '/',
      'is missing (step "store-type" of onboarding/flow.json)',
    );
  });

  it('a step without its UI file', () => {
    const problems = checkChanged((f) => delete f['onboarding/steps/store-type.ui.json']);
    expectProblem(
      problems,
      'onboarding/steps/store-type.ui.json',
      '/',
      'is missing (step "store-type" of onboarding/flow.json)',
    );
  });

  it('a step schema that is not valid JSON Schema', () => {
    const file = 'onboarding/steps/product-category.schema.json';
    const problems = checkChanged((f) => (f[file]!.properties.section_id.type = 'integr'));
    expectProblem(problems, file, '/properties/section_id/type', /^not a valid JSON Schema/);
  });

  it('a $ref to a file that does not exist, and to a place that does not exist', () => {
    const file = 'onboarding/steps/bank-details.schema.json';
    const problems = checkChanged((f) => {
      f[file]!.properties.bank_details.properties.iban.$ref = '../../_defs/comon.schema.json#/$defs/iban';
      f[file]!.properties.bank_details.properties.beneficiary_name_en.$ref =
        '../../_defs/common.schema.json#/$defs/nmae';
    });
    expectProblem(
      problems,
      file,
      '/properties/bank_details/properties/iban/$ref',
      /no file _defs\/comon\.schema\.json/,
    );
    expectProblem(
      problems,
      file,
      '/properties/bank_details/properties/beneficiary_name_en/$ref',
      /nothing at \/\$defs\/nmae/,
    );
  });

  it('a widget that is not registered', () => {
    const file = 'onboarding/steps/basic-info.ui.json';
    const problems = checkChanged((f) => (f[file]!.annual_volume['ui:widget'] = 'slider'));
    expectProblem(problems, file, '/annual_volume/ui:widget', /^widget "slider" is not registered/);
  });

  it('an option explanation (ui:enumDescriptions) without its text', () => {
    const file = 'onboarding/steps/basic-info.ui.json';
    const problems = checkChanged(
      (f) => (f[file]!.annual_volume['ui:enumDescriptions'] = ['onboarding:enum.nowhere']),
    );
    expectProblem(
      problems,
      file,
      '/annual_volume/ui:enumDescriptions/0',
      /translation "onboarding:enum.nowhere" is missing in locales\/en/,
    );
  });

  it('an unknown ui option (a typo)', () => {
    const file = 'onboarding/steps/basic-info.ui.json';
    const problems = checkChanged((f) => (f[file]!.email['ui:widgt'] = 'email'));
    expect(problems.some((p) => p.file === file && p.pointer === '/email')).toBe(true);
  });

  it('ui for a field the step does not have', () => {
    const file = 'onboarding/steps/basic-info.ui.json';
    const problems = checkChanged((f) => (f[file]!.middle_name = { 'ui:autofocus': true }));
    expectProblem(problems, file, '/middle_name', '"middle_name" is not a field of the step\'s schema');
  });

  it('a translation missing in Arabic', () => {
    const problems = checkChanged((_f, l) => delete l.ar!.onboarding!.steps['bank-details'].title);
    expectProblem(
      problems,
      FLOW,
      '/steps/15/title',
      'translation "onboarding:steps.bank-details.title" is missing in locales/ar/onboarding.json',
    );
  });

  it('a title written as English text instead of a key', () => {
    const file = 'onboarding/steps/basic-info.schema.json';
    const problems = checkChanged((f) => (f[file]!.properties.first_name.title = 'First name'));
    expectProblem(
      problems,
      file,
      '/properties/first_name/title',
      'must be a translation key "namespace:path", got "First name"',
    );
  });

  it('a step owning data its schema does not have', () => {
    const problems = checkChanged((f) => flowStep(f, 'store-type').owns.push('/store_hours'));
    expectProblem(
      problems,
      FLOW,
      '/steps/3/owns/5',
      '"/store_hours" is not a field of onboarding/steps/store-type.schema.json',
    );
  });

  it('a schema field no step owns', () => {
    const problems = checkChanged((f) => (flowStep(f, 'store-type').owns = ['/ecommerce_types', '/web_url']));
    expectProblem(
      problems,
      'onboarding/steps/store-type.schema.json',
      '/properties/locations_number',
      'field "/locations_number" is not in the step\'s "owns" in onboarding/flow.json',
    );
  });

  it('a step no context can reach', () => {
    const problems = checkChanged(
      (f) =>
        (flowStep(f, 'legal-documents-are').when = {
          allOf: [{ $ref: '#/conditions/sau' }, { $ref: '#/conditions/are' }],
        }),
    );
    expectProblem(
      problems,
      FLOW,
      '/steps/9',
      'step "legal-documents-are" is not active for any context of the matrix (unreachable)',
    );
  });

  it('a path that ends at a step the flow does not allow to end', () => {
    const problems = checkChanged((f) => delete flowStep(f, 'store-type').end);
    expectProblem(problems, FLOW, '/steps', /ends at "store-type", which has no "end"/);
  });

  it('a context field no step can answer', () => {
    const problems = checkChanged((f) => (f[FLOW]!.context.tier.pointer = '/yearly_volume'));
    expectProblem(
      problems,
      FLOW,
      '/context/tier/pointer',
      'no step owns "/yearly_volume", so "tier" can never be answered',
    );
  });

  it('a step file no step uses', () => {
    const problems = checkChanged((f) => {
      f['onboarding/steps/old-step.schema.json'] = {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
      };
    });
    expectProblem(
      problems,
      'onboarding/steps/old-step.schema.json',
      '/',
      'is not used by any step of its flow',
    );
  });

  it('a flow whose id is not its folder', () => {
    expectProblem(
      checkChanged((f) => (f[FLOW]!.flow = 'boarding')),
      FLOW,
      '/flow',
      'must equal its folder name "onboarding"',
    );
  });

  it('a missing meta-schema', () => {
    expectProblem(
      checkChanged((f) => delete f['_meta/ui.schema.json']),
      '_meta/ui.schema.json',
      '/',
      'is missing',
    );
  });

  it('a validation keyword without a default message', () => {
    const problems = checkChanged((_f, l) => delete l.ar!.validation!.error.minLength);
    expectProblem(
      problems,
      'locales',
      '/validation/error/minLength',
      'translation "validation:error.minLength" is missing in locales/ar/validation.json',
    );
  });

  it('reports every problem at once', () => {
    const problems = checkChanged((f, l) => {
      delete l.ar!.onboarding!.fields.iban;
      f['onboarding/steps/basic-info.ui.json']!.annual_volume['ui:widget'] = 'slider';
      f['onboarding/steps/store-type.schema.json']!.properties.web_url.$ref = '#/$defs/nothing';
    });
    expect(problems.map((p) => `${p.file}#${p.pointer}`).sort()).toEqual([
      'onboarding/steps/bank-details.schema.json#/properties/bank_details/properties/iban/title',
      'onboarding/steps/basic-info.ui.json#/annual_volume/ui:widget',
      'onboarding/steps/store-type.schema.json#/properties/web_url/$ref',
    ]);
  });

  it('a broken flow file is reported once, without calling its steps unused', () => {
    expect(checkChanged((f) => (f[FLOW]!.stepz = []))).toEqual([
      { file: FLOW, pointer: '/stepz', message: 'unknown key "stepz"' },
    ]);
  });
});
