/**
 * The studio's friendly edits of a field's options (src/web/features/studio/edits.ts), on the real catalogue:
 * values and labels change together, a shared definition's options keep their values, and each edit is what the
 * change classification then calls it (adding is additive, removing breaking, moving cosmetic). Every edit
 * leaves the content it was given as it was (the editor's undo keeps it).
 */
import { describe, expect, it } from 'vitest';
import { classifyChange } from '../../src/catalogue/classify';
import { buildContent } from '../../src/catalogue/content';
import { buildCatalogueDir } from '../../src/catalogue/pipeline';
import { readMetaFiles } from '../../src/catalogue/source';
import {
  addOption,
  fieldsOf,
  moveOption,
  optionsOf,
  removeOption,
  type FieldInfo,
} from '../../src/web/features/studio/edits';

const versions = buildCatalogueDir('schemas', 'locales').versions;
const meta = readMetaFiles('schemas');
const waitlist = versions['capital-waitlist']!.content;
const onboarding = versions.onboarding!.content;
const field = (content: typeof waitlist, step: string, name: string): FieldInfo =>
  fieldsOf(content.steps[step]!.schema).find((f) => f.name === name)!;

describe('a flow’s sidebar entry', () => {
  it('added, moved or removed, changes no draft: cosmetic, said as such', () => {
    const entry = {
      section: 'finance',
      title: 'capital:forms.kyb.flow',
      icon: 'coin',
      permission: 'canViewCapital',
    } as const;
    const added = { ...waitlist, flow: { ...waitlist.flow, entry } };
    expect(classifyChange(waitlist, added)).toMatchObject({
      classification: 'cosmetic',
      changes: [{ kind: 'cosmetic', code: 'entryChanged', pointer: '/entry' }],
    });
    const moved = { ...added, flow: { ...added.flow, entry: { ...entry, section: 'general' as const } } };
    expect(classifyChange(added, moved).classification).toBe('cosmetic');
    expect(classifyChange(added, waitlist).classification).toBe('cosmetic');
  });
});

describe('a field’s own options', () => {
  const purpose = field(waitlist, 'join', 'capitalUse');

  it('lists each value with its label’s text key', () => {
    expect(optionsOf(waitlist, 'join', purpose)).toEqual({
      values: ['invest_in_marketing', 'manage_cash_flows', 'buy_more_inventory', 'other'],
      labels: [
        'capital-forms:waitlist.invest_in_marketing',
        'capital-forms:waitlist.manage_cash_flows',
        'capital-forms:waitlist.buy_more_inventory',
        'capital-forms:waitlist.other',
      ],
      local: true,
      multiple: false,
    });
    expect(optionsOf(waitlist, 'join', field(waitlist, 'join', 'stores'))).toBeUndefined();
  });

  it('adds an option with its labels in both languages: a sound, additive change', () => {
    const before = structuredClone(waitlist);
    const next = addOption(waitlist, 'join', purpose, 'hire_staff', { en: 'Hire staff', ar: 'توظيف موظفين' });
    expect(waitlist).toEqual(before);
    const options = optionsOf(next, 'join', purpose)!;
    expect(options.values.at(-1)).toBe('hire_staff');
    const key = options.labels.at(-1)!;
    expect(key).toBe('capital-forms:studio.join.capitalUse.options.hire_staff');
    expect(next.texts.en![key]).toBe('Hire staff');
    expect(next.texts.ar![key]).toBe('توظيف موظفين');
    expect(buildContent(next, meta).problems).toEqual([]);
    expect(classifyChange(waitlist, next).classification).toBe('additive');
  });

  it('an option added without its Arabic label is a problem the checks name', () => {
    const next = addOption(waitlist, 'join', purpose, 'hire_staff', { en: 'Hire staff' });
    const problems = buildContent(next, meta).problems;
    expect(problems.map((p) => p.message).join('\n')).toContain(
      'capital-forms:studio.join.capitalUse.options.hire_staff',
    );
  });

  it('moves an option with its label (cosmetic) and removes one with its label (breaking)', () => {
    const moved = moveOption(waitlist, 'join', purpose, 0, 1);
    expect(optionsOf(moved, 'join', purpose)).toMatchObject({
      values: ['manage_cash_flows', 'invest_in_marketing', 'buy_more_inventory', 'other'],
      labels: [
        'capital-forms:waitlist.manage_cash_flows',
        'capital-forms:waitlist.invest_in_marketing',
        'capital-forms:waitlist.buy_more_inventory',
        'capital-forms:waitlist.other',
      ],
    });
    expect(classifyChange(waitlist, moved).classification).toBe('cosmetic');
    expect(moveOption(waitlist, 'join', purpose, 0, -1)).toEqual(waitlist);

    const removed = removeOption(waitlist, 'join', purpose, 2);
    expect(optionsOf(removed, 'join', purpose)).toMatchObject({
      values: ['invest_in_marketing', 'manage_cash_flows', 'other'],
      labels: [
        'capital-forms:waitlist.invest_in_marketing',
        'capital-forms:waitlist.manage_cash_flows',
        'capital-forms:waitlist.other',
      ],
    });
    const change = classifyChange(waitlist, removed);
    expect(change.classification).toBe('breaking');
    expect(change.changes).toContainEqual(
      expect.objectContaining({ code: 'optionsRemoved', pointer: '/properties/capitalUse/enum' }),
    );
  });

  it('edits a multiple choice’s options (its items’ list and labels)', () => {
    const channels = field(onboarding, 'store-type', 'sales_channels');
    expect(optionsOf(onboarding, 'store-type', channels)).toMatchObject({
      values: ['online', 'offline'],
      multiple: true,
      local: true,
    });
    const next = addOption(onboarding, 'store-type', channels, 'marketplace', {
      en: 'On a marketplace',
      ar: 'في سوق إلكتروني',
    });
    expect((next.steps['store-type']!.schema.properties as never)['sales_channels']).toMatchObject({
      items: { enum: ['online', 'offline', 'marketplace'] },
    });
    expect((next.steps['store-type']!.ui.sales_channels as { items: object }).items).toEqual({
      'ui:enumNames': [
        'onboarding:enum.sales_channel.online',
        'onboarding:enum.sales_channel.offline',
        'onboarding:studio.store-type.sales_channels.options.marketplace',
      ],
    });
    expect(buildContent(next, meta).problems).toEqual([]);
  });
});

describe('options from a shared definition', () => {
  it('are listed with the step’s labels but their values are not changed here', () => {
    const country = field(onboarding, 'basic-info', 'country_of_main_operations');
    const options = optionsOf(onboarding, 'basic-info', country)!;
    expect(options.local).toBe(false);
    expect(options.values).toEqual(['SAU', 'ARE', 'BHR', 'KWT', 'QAT', 'EGY']);
    expect(options.labels[0]).toBe('onboarding:enum.country.SAU');
    expect(addOption(onboarding, 'basic-info', country, 'OMN', { en: 'Oman', ar: 'عُمان' })).toBe(onboarding);
    expect(removeOption(onboarding, 'basic-info', country, 0)).toBe(onboarding);
  });
});
