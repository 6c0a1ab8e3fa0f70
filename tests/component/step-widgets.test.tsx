/**
 * A step waits for its widgets' code before it is drawn (registry.ts `widgetsLoading`): drawn earlier, its
 * widgets' skeletons grow into upload boxes and date fields and move the buttons under the merchant's finger.
 * Its own file: nothing here may have loaded the deferred widgets before (widgets.test.tsx loads them all).
 */
import { describe, expect, it } from 'vitest';
import { widgetsLoading } from '../../src/engine/react/registry';
import { widgets } from '../../src/engine/widgets';
import { checkedVersions } from '../../src/catalogue/pipeline';
import { createFlowRuntime } from '../../src/catalogue/runtime';

describe('the widgets a step waits for', () => {
  it("onboarding's first step waits for no widget's code (its route's budget stays as it was)", () => {
    const onboarding = createFlowRuntime(checkedVersions('schemas', 'locales').onboarding!);
    expect(widgetsLoading(onboarding.steps['basic-info']!)).toBeNull();
    // Its later steps do wait (their uploads and dates): the check above is not empty by construction.
    expect(widgetsLoading(onboarding.steps['shareholders-are']!)).not.toBeNull();
  });

  it('are the deferred ones its UI schema and schema name, loaded once; a step of text, selects and a phone waits for none', async () => {
    const plain = {
      schema: { type: 'object', properties: { name: { type: 'string' }, country: { enum: ['ARE', 'SAU'] } } },
      ui: { phone: { 'ui:widget': 'phone' }, volume: { 'ui:widget': 'radio' } },
    };
    expect(widgetsLoading(plain)).toBeNull();

    const owners = {
      schema: {
        type: 'object',
        properties: {
          // A property named like a keyword is not one.
          format: { type: 'string' },
          born: { type: 'string', format: 'date-not-in-future' },
          shareholder: { type: 'boolean' },
        },
      },
      ui: { front: { 'ui:widget': 'upload' }, back: { 'ui:options': { widget: 'iban' } } },
    };
    // (The onboarding test above only asked; nothing waited for the loads it started.)
    const loading = widgetsLoading(owners);
    expect(loading).not.toBeNull();
    // Asked again while it loads: the same wait, not a second one.
    expect(widgetsLoading(owners)).toBe(loading);
    await loading;
    expect(widgetsLoading(owners)).toBeNull();
    for (const name of ['upload', 'iban', 'date-not-in-future'] as const)
      expect(widgets[name].loaded()).toBe(true);
    // Neither named nor drawn by this step: still not loaded.
    expect(widgets.otp.loaded()).toBe(false);
  });
});
