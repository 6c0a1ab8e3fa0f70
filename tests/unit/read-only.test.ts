/** A step's fields read-only except the answers sent back (engine/core/readOnly.ts; docs/review.md). */
import { describe, expect, it } from 'vitest';
import { readOnlyExcept } from '../../src/engine/core/readOnly';
import { localRefs } from '../../src/engine/core/schemaRef';

const schema = {
  type: 'object',
  properties: {
    web_url: { type: 'string' },
    phone: { type: 'string' },
    legal_info: {
      type: 'object',
      properties: {
        legal_company_name: { type: 'string' },
        company_owners: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, national_id_backside_url: { type: 'string' } },
          },
        },
      },
    },
  },
};
const data = {
  web_url: 'https://a.example',
  phone: '+966500000000',
  legal_info: { legal_company_name: 'A', company_owners: [{ name: 'Sara' }, { name: 'Omar' }] },
};
const step = (ui: Record<string, unknown> = {}) => ({ schema, ui, resolve: localRefs(schema) });

describe('readOnlyExcept', () => {
  it('leaves the answers sent back editable and locks the rest, a list holding one without add or remove', () => {
    const ui = readOnlyExcept(
      step({
        phone: { 'ui:widget': 'phone' },
        legal_info: { company_owners: { 'ui:options': { layout: 'cards' } } },
      }),
      data,
      ['/web_url', '/legal_info/company_owners/1/national_id_backside_url'],
    );
    expect(ui).toEqual({
      phone: { 'ui:widget': 'phone', 'ui:readonly': true },
      legal_info: {
        legal_company_name: { 'ui:readonly': true },
        company_owners: {
          'ui:options': { layout: 'cards', addable: false, removable: false, orderable: false },
          items: { name: { 'ui:readonly': true } },
        },
      },
    });
  });

  it('locks a whole object none of whose answers was sent back, and leaves the step’s own UI schema as it was', () => {
    const own = { web_url: { 'ui:placeholder': 'x' } };
    const ui = readOnlyExcept(step(own), data, ['/phone']);
    expect(ui).toEqual({
      web_url: { 'ui:placeholder': 'x', 'ui:readonly': true },
      legal_info: { 'ui:readonly': true },
    });
    expect(own).toEqual({ web_url: { 'ui:placeholder': 'x' } });
  });

  it('leaves everything under an answer sent back as a whole editable (an owner)', () => {
    const ui = readOnlyExcept(step(), data, ['/legal_info/company_owners/0']);
    expect(ui).toEqual({
      web_url: { 'ui:readonly': true },
      phone: { 'ui:readonly': true },
      legal_info: {
        legal_company_name: { 'ui:readonly': true },
        company_owners: { 'ui:options': { addable: false, removable: false, orderable: false } },
      },
    });
  });
});
