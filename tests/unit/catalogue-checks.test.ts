/**
 * The catalogue's named checks (src/catalogue/checks): the real catalogue passes them all, and each check,
 * run on its own, catches its kind of broken file with the file and the JSON pointer. Then the whole
 * pipeline: every problem at once, each tagged with the check that found it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogueDir, type CatalogueSource } from '../../src/catalogue/source';
import { buildModel } from '../../src/catalogue/model';
import { CHECKS, checkCatalogue, type Check } from '../../src/catalogue/checks';
import { metaSchemas } from '../../src/catalogue/checks/metaSchemas';
import { flowFiles } from '../../src/catalogue/checks/flowFiles';
import { stepIds } from '../../src/catalogue/checks/stepIds';
import { stepFiles } from '../../src/catalogue/checks/stepFiles';
import { refs } from '../../src/catalogue/checks/refs';
import { uiFiles } from '../../src/catalogue/checks/uiFiles';
import { widgets } from '../../src/catalogue/checks/widgets';
import { uiFields } from '../../src/catalogue/checks/uiFields';
import { translations } from '../../src/catalogue/checks/translations';
import { messages } from '../../src/catalogue/checks/messages';
import { bounds } from '../../src/catalogue/checks/bounds';
import { conditions } from '../../src/catalogue/checks/conditions';
import { ownership } from '../../src/catalogue/checks/ownership';
import { reachability } from '../../src/catalogue/checks/reachability';
import { pathEndings } from '../../src/catalogue/checks/pathEndings';
import { unusedFiles } from '../../src/catalogue/checks/unusedFiles';
import { ENTRY_ICONS, ENTRY_SECTIONS, type CatalogueProblem } from '../../src/engine/core/types';
import { computePermissions } from '../../src/domain/permissions';
import flowMeta from '../../schemas/_meta/flow.schema.json';

const { source: real, problems: readProblems } = readCatalogueDir(
  path.resolve('schemas'),
  path.resolve('locales'),
);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests poke at arbitrary JSON
type Change = (files: Record<string, Json>, locales: Record<string, Record<string, Json>>) => void;

function changed(change: Change): CatalogueSource {
  const copy = structuredClone(real) as CatalogueSource & {
    files: Record<string, Json>;
    locales: Record<string, Record<string, Json>>;
  };
  change(copy.files, copy.locales);
  return copy;
}

/** One check, alone, on a changed copy of the real catalogue. */
const run = (check: Check, change: Change) => check.run(buildModel(changed(change)), []);

const FLOW = 'onboarding/flow.json';
const flowStep = (files: Record<string, Json>, id: string) =>
  (files[FLOW]!.steps as Json[]).find((s) => s.id === id)!;

function expectProblem(
  problems: Omit<CatalogueProblem, 'check'>[],
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

describe('the real catalogue', () => {
  it('reads and passes every check', () => {
    expect(readProblems).toEqual([]);
    expect(checkCatalogue(real).problems).toEqual([]);
  });

  it('each check passes on its own', () => {
    const model = buildModel(real);
    for (const check of CHECKS) expect(check.run(model, []), check.name).toEqual([]);
  });
});

describe('meta-schemas', () => {
  it('a missing meta-schema', () => {
    expectProblem(
      run(metaSchemas, (f) => delete f['_meta/ui.schema.json']),
      '_meta/ui.schema.json',
      '/',
      'is missing',
    );
  });

  it('a shared definition file with the wrong $id', () => {
    expectProblem(
      run(metaSchemas, (f) => (f['_defs/common.schema.json']!.$id = 'https://elsewhere.example/common')),
      '_defs/common.schema.json',
      '/$id',
      /^must be "https:\/\/catalogue\.merchant-back-office\.invalid\/_defs\/common\.schema\.json"/,
    );
  });
});

describe('a flow’s sidebar entry', () => {
  it('picks from the sections, icons and computed permissions the app has, no more and no fewer', () => {
    const entry = flowMeta.properties.entry.properties;
    expect(entry.section.enum).toEqual([...ENTRY_SECTIONS]);
    expect(entry.icon.enum).toEqual([...ENTRY_ICONS]);
    const granted = computePermissions({
      flags: {},
      experiments: [],
      role: null,
      application: null,
      firstStoreProducts: null,
      merchantCountry: null,
    });
    expect([...entry.permission.enum].sort()).toEqual(Object.keys(granted).sort());
  });
});

describe('flow-files', () => {
  it('an unknown key in a flow file', () => {
    expectProblem(
      run(flowFiles, (f) => (f[FLOW]!.stepz = [])),
      FLOW,
      '/stepz',
      'unknown key "stepz"',
    );
  });

  it('an unknown key in a step (a typo of "when")', () => {
    const problems = run(flowFiles, (f) => {
      const step = flowStep(f, 'bank-details');
      step.whne = step.when;
      delete step.when;
    });
    expectProblem(problems, FLOW, '/steps/15/whne', 'unknown key "whne"');
  });

  it('an unknown keyword inside a condition', () => {
    const problems = run(flowFiles, (f) => (f[FLOW]!.conditions.lowVolume.properties.tier = { minimum: 3 }));
    expectProblem(problems, FLOW, '/conditions/lowVolume/properties/tier/minimum', 'unknown key "minimum"');
  });

  it('a sidebar entry names a section, an icon and a computed permission from fixed sets', () => {
    const problems = run(flowFiles, (f) => {
      f[FLOW]!.entry = {
        section: 'sidebar',
        title: 'onboarding:entry',
        icon: 'rocket',
        permission: 'canFly',
      };
    });
    expectProblem(problems, FLOW, '/entry/section', /must be one of "general", "finance", "marketing"/);
    expectProblem(problems, FLOW, '/entry/icon', /must be one of "file-text", "calendar"/);
    expectProblem(
      problems,
      FLOW,
      '/entry/permission',
      /must be one of "canViewAnalytics", .*"hasMerchantAccess"/,
    );
    // All four parts are needed.
    const partial = run(
      flowFiles,
      (f) => (f[FLOW]!.entry = { section: 'general', title: 'onboarding:entry' }),
    );
    expectProblem(partial, FLOW, '/entry', /icon/);
  });

  it('a flow whose id is not its folder', () => {
    expectProblem(
      run(flowFiles, (f) => (f[FLOW]!.flow = 'boarding')),
      FLOW,
      '/flow',
      'must equal its folder name "onboarding"',
    );
  });
});

describe('step-ids', () => {
  it('a step id used twice', () => {
    const problems = run(stepIds, (f) => (flowStep(f, 'legal-details-are').id = 'legal-details-general'));
    expectProblem(
      problems,
      FLOW,
      '/steps/6/id',
      'step id "legal-details-general" is used twice (also /steps/5)',
    );
  });

  it("a lead step with a step's id", () => {
    const problems = run(stepIds, (f) => {
      f[FLOW]!.lead = [{ id: 'basic-info', title: 'onboarding:flow.title' }];
    });
    expectProblem(problems, FLOW, '/lead/0/id', 'lead step id "basic-info" is already a step\'s id');
  });
});

describe('step-files', () => {
  it('a step without its schema file, and one without its UI file', () => {
    const problems = run(stepFiles, (f) => {
      delete f['onboarding/steps/store-type.schema.json'];
      delete f['onboarding/steps/bank-details.ui.json'];
    });
    expectProblem(
      problems,
      'onboarding/steps/store-type.schema.json',
      '/',
      'is missing (step "store-type" of onboarding/flow.json)',
    );
    expectProblem(
      problems,
      'onboarding/steps/bank-details.ui.json',
      '/',
      'is missing (step "bank-details" of onboarding/flow.json)',
    );
  });

  it('a step schema that is not valid JSON Schema', () => {
    const file = 'onboarding/steps/product-category.schema.json';
    const problems = run(stepFiles, (f) => (f[file]!.properties.section_id.type = 'integr'));
    expectProblem(problems, file, '/properties/section_id/type', /^not a valid JSON Schema/);
  });

  it('a step schema of another JSON Schema draft', () => {
    const file = 'onboarding/steps/result.schema.json';
    const problems = run(stepFiles, (f) => (f[file]!.$schema = 'http://json-schema.org/draft-07/schema#'));
    expectProblem(problems, file, '/$schema', 'must be "https://json-schema.org/draft/2020-12/schema"');
  });
});

describe('refs', () => {
  it('a $ref to a file that does not exist, and to a place that does not exist', () => {
    const file = 'onboarding/steps/bank-details.schema.json';
    const problems = run(refs, (f) => {
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
});

describe('ui-files', () => {
  it('an unknown ui option (a typo)', () => {
    const file = 'onboarding/steps/basic-info.ui.json';
    const problems = run(uiFiles, (f) => (f[file]!.email['ui:widgt'] = 'email'));
    // Named, once, where it is (ajv's "must NOT have additional properties" said neither).
    expect(problems).toEqual([
      {
        file,
        pointer: '/email/ui:widgt',
        message: '"ui:widgt" under "/email" is not a known option (see _meta/ui.schema.json)',
      },
    ]);
  });
});

describe('widgets', () => {
  it('a widget that is not registered', () => {
    const file = 'onboarding/steps/basic-info.ui.json';
    const problems = run(widgets, (f) => (f[file]!.annual_volume['ui:widget'] = 'slider'));
    expectProblem(problems, file, '/annual_volume/ui:widget', /^widget "slider" is not registered/);
  });
});

describe('ui-fields', () => {
  it('ui for a field the step does not have', () => {
    const file = 'onboarding/steps/basic-info.ui.json';
    const problems = run(uiFields, (f) => (f[file]!.middle_name = { 'ui:autofocus': true }));
    expectProblem(problems, file, '/middle_name', '"middle_name" is not a field of the step\'s schema');
  });

  it('ui inside a list item for a field items do not have, through a shared definition', () => {
    const file = 'onboarding/steps/shareholders-are.ui.json';
    const problems = run(uiFields, (f) => (f[file]!.legal_info.company_owners.items.shoe_size = {}));
    expectProblem(
      problems,
      file,
      '/legal_info/company_owners/items/shoe_size',
      '"shoe_size" is not a field of the step\'s schema',
    );
  });

  it('option labels of a list put on the list instead of its items', () => {
    const file = 'onboarding/steps/store-type.ui.json';
    const problems = run(
      uiFields,
      (f) => (f[file]!.sales_channels['ui:enumNames'] = ['onboarding:enum.online']),
    );
    expectProblem(problems, file, '/sales_channels/ui:enumNames', /belongs under "items"/);
  });
});

describe('translations', () => {
  it('an option explanation (ui:enumDescriptions) without its text', () => {
    const file = 'onboarding/steps/basic-info.ui.json';
    const problems = run(
      translations,
      (f) => (f[file]!.annual_volume['ui:enumDescriptions'] = ['onboarding:enum.nowhere']),
    );
    expectProblem(
      problems,
      file,
      '/annual_volume/ui:enumDescriptions/0',
      /translation "onboarding:enum.nowhere" is missing in locales\/en/,
    );
  });

  it('a translation missing in Arabic', () => {
    const problems = run(translations, (_f, l) => delete l.ar!.onboarding!.steps['bank-details'].title);
    expectProblem(
      problems,
      FLOW,
      '/steps/15/title',
      'translation "onboarding:steps.bank-details.title" is missing in locales/ar/onboarding.json',
    );
  });

  it('a step’s button words and a refusal’s message need their texts', () => {
    const problems = run(translations, (f) => {
      flowStep(f, 'basic-info').action = 'onboarding:steps.basic-info.go';
      f[FLOW]!.refusals = { wrong_status: 'onboarding:refusals.wrongStatus' };
    });
    expectProblem(problems, FLOW, '/steps/0/action', /"onboarding:steps.basic-info.go" is missing/);
    expectProblem(problems, FLOW, '/refusals/wrong_status', /"onboarding:refusals.wrongStatus" is missing/);
  });

  it('a lead step’s title needs its text', () => {
    const problems = run(translations, (f) => {
      f[FLOW]!.lead = [{ id: 'pick-a-plan', title: 'onboarding:lead.plan' }];
    });
    expectProblem(problems, FLOW, '/lead/0/title', /"onboarding:lead.plan" is missing/);
  });

  it('a sidebar entry’s name needs its text', () => {
    const problems = run(translations, (f) => {
      f[FLOW]!.entry = {
        section: 'general',
        title: 'onboarding:entry',
        icon: 'gift',
        permission: 'hasMerchantAccess',
      };
    });
    expectProblem(problems, FLOW, '/entry/title', /"onboarding:entry" is missing/);
  });

  it('a title written as English text instead of a key', () => {
    const file = 'onboarding/steps/basic-info.schema.json';
    const problems = run(translations, (f) => (f[file]!.properties.first_name.title = 'First name'));
    expectProblem(
      problems,
      file,
      '/properties/first_name/title',
      'must be a translation key "namespace:path", got "First name"',
    );
  });

  it('a shared definition’s field title without its text', () => {
    const file = '_defs/common.schema.json';
    const problems = run(
      translations,
      (f) => (f[file]!.$defs.companyOwner.properties.name.title = 'onboarding:fields.nobody.title'),
    );
    expect(problems.some((p) => p.file === file && /onboarding:fields.nobody.title/.test(p.message))).toBe(
      true,
    );
  });
});

describe('messages', () => {
  it('a validation keyword without a default message', () => {
    const problems = run(messages, (_f, l) => delete l.ar!.validation!.error.minLength);
    expectProblem(
      problems,
      'locales',
      '/validation/error/minLength',
      'translation "validation:error.minLength" is missing in locales/ar/validation.json',
    );
  });

  it('a format without a default message', () => {
    const problems = run(messages, (_f, l) => delete l.en!.validation!.error.format.iban);
    expectProblem(
      problems,
      'locales',
      '/validation/error/format/iban',
      /translation "validation:error.format.iban" is missing in locales\/en/,
    );
  });
});

describe('bounds', () => {
  it('a text field without maxLength, and a list without maxItems', () => {
    const file = 'onboarding/steps/store-type.schema.json';
    const problems = run(bounds, (f) => {
      delete f[file]!.properties.sales_channels.maxItems;
      delete f['_defs/common.schema.json']!.$defs.email.maxLength;
    });
    expectProblem(problems, file, '/properties/sales_channels', /a list needs "maxItems"/);
    expectProblem(problems, '_defs/common.schema.json', '/$defs/email', /a text field needs "maxLength"/);
  });

  it('leaves fixed values and conditions alone', () => {
    const file = 'onboarding/steps/result.schema.json';
    const problems = run(bounds, (f) => {
      f[file]!.properties = {
        kind: { type: 'string', enum: ['a', 'b'] },
        agreed: { type: 'string', const: 'yes' },
      };
      f[file]!.if = { properties: { kind: { type: 'string' } } };
    });
    expect(problems.filter((p) => p.file === file)).toEqual([]);
  });
});

describe('conditions', () => {
  it('a reference to a condition that does not exist', () => {
    const problems = run(
      conditions,
      (f) => (flowStep(f, 'store-type').when = { $ref: '#/conditions/knwon' }),
    );
    expectProblem(problems, FLOW, '/steps/3/when/$ref', 'no condition named "knwon"');
  });

  it('a condition on a field that is not in the context', () => {
    const problems = run(
      conditions,
      (f) => (flowStep(f, 'store-type').when = { properties: { countri: { const: 'SAU' } } }),
    );
    expectProblem(problems, FLOW, '/steps/3/when/properties/countri', /"countri" is not a context field/);
  });

  it('a condition value outside the field’s domain', () => {
    const problems = run(conditions, (f) => (f[FLOW]!.conditions.sau.properties.country.const = 'SAUD'));
    expectProblem(
      problems,
      FLOW,
      '/conditions/sau/properties/country',
      '"SAUD" is not in the domain of "country"',
    );
  });
});

describe('ownership', () => {
  it('a step owning data its schema does not have', () => {
    const problems = run(ownership, (f) => flowStep(f, 'store-type').owns.push('/store_hours'));
    expectProblem(
      problems,
      FLOW,
      '/steps/3/owns/5',
      '"/store_hours" is not a field of onboarding/steps/store-type.schema.json',
    );
  });

  it('a schema field no step owns', () => {
    const problems = run(
      ownership,
      (f) => (flowStep(f, 'store-type').owns = ['/ecommerce_types', '/web_url']),
    );
    expectProblem(
      problems,
      'onboarding/steps/store-type.schema.json',
      '/properties/locations_number',
      'field "/locations_number" is not in the step\'s "owns" in onboarding/flow.json',
    );
  });

  it('a context field no step can answer', () => {
    const problems = run(ownership, (f) => (f[FLOW]!.context.tier.pointer = '/yearly_volume'));
    expectProblem(
      problems,
      FLOW,
      '/context/tier/pointer',
      'no step owns "/yearly_volume", so "tier" can never be answered',
    );
  });

  it('a context field on a fact the server supplies (/$facts/…) needs no owner; one beside it does', () => {
    expect(run(ownership, (f) => (f[FLOW]!.context.tier.pointer = '/$facts/tier'))).toEqual([]);
    expectProblem(
      run(ownership, (f) => (f[FLOW]!.context.tier.pointer = '/$factsheet/tier')),
      FLOW,
      '/context/tier/pointer',
      'no step owns "/$factsheet/tier", so "tier" can never be answered',
    );
  });

  it('a lookup that fills a field of another step', () => {
    const problems = run(ownership, (f) => {
      f['onboarding/steps/bank-details.ui.json']!.bank_details.iban['ui:options'].lookup.fill = {
        '/business_name': 'bank_name',
      };
    });
    expectProblem(
      problems,
      'onboarding/steps/bank-details.ui.json',
      '/bank_details/iban/ui:options/lookup/fill',
      '"/business_name" is not a field of step "bank-details", so its lookup cannot fill it',
    );
  });
});

describe('reachability', () => {
  it('a step no context can reach', () => {
    const problems = run(
      reachability,
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

  it('waits for the flow’s earlier problems to be fixed (its conditions must be sound)', () => {
    const model = buildModel(
      changed((f) => (flowStep(f, 'legal-documents-are').when = { $ref: '#/conditions/nowhere' })),
    );
    expect(reachability.run(model, [{ file: FLOW, pointer: '/steps/9/when/$ref', message: 'x' }])).toEqual(
      [],
    );
  });
});

describe('path-endings', () => {
  it('a path that ends at a step the flow does not allow to end', () => {
    const problems = run(pathEndings, (f) => delete flowStep(f, 'store-type').end);
    expectProblem(problems, FLOW, '/steps', /ends at "store-type", which has no "end"/);
  });
});

describe('unused-files', () => {
  it('a step file no step uses', () => {
    const problems = run(unusedFiles, (f) => {
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
});

describe('the whole pipeline', () => {
  it('reports every problem at once, each with the check that found it', () => {
    const { problems } = checkCatalogue(
      changed((f, l) => {
        delete l.ar!.onboarding!.fields.iban;
        f['onboarding/steps/basic-info.ui.json']!.annual_volume['ui:widget'] = 'slider';
        f['onboarding/steps/store-type.schema.json']!.properties.sales_channels.$ref = '#/$defs/nothing';
      }),
    );
    expect(problems.map((p) => `${p.file}#${p.pointer} [${p.check}]`).sort()).toEqual([
      'onboarding/steps/bank-details.schema.json#/properties/bank_details/properties/iban/title [translations]',
      'onboarding/steps/basic-info.ui.json#/annual_volume/ui:widget [widgets]',
      'onboarding/steps/store-type.schema.json#/properties/sales_channels/$ref [refs]',
    ]);
  });

  it('a broken flow file is reported once, without calling its steps unused', () => {
    expect(checkCatalogue(changed((f) => (f[FLOW]!.stepz = []))).problems).toEqual([
      { file: FLOW, pointer: '/stepz', message: 'unknown key "stepz"', check: 'flow-files' },
    ]);
  });
});
