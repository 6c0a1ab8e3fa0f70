import { describe, expect, it } from 'vitest';
import { localRefs, withRef } from '../../src/engine/core/schemaRef';

describe('localRefs', () => {
  const root = {
    $id: 'step_capital_kyb_shareholder_ids',
    $defs: { 'capital.document': { type: 'string', 'x-accept': ['pdf'] } },
  };

  it('resolves #/$defs/<name> and the same written with the schema’s $id (the form’s copy of a step)', () => {
    const resolve = localRefs(root);
    expect(resolve('#/$defs/capital.document')).toEqual(root.$defs['capital.document']);
    expect(resolve('step_capital_kyb_shareholder_ids#/$defs/capital.document')).toEqual(
      root.$defs['capital.document'],
    );
    expect(
      withRef({ $ref: 'step_capital_kyb_shareholder_ids#/$defs/capital.document', title: 'x' }, resolve),
    ).toEqual({ type: 'string', 'x-accept': ['pdf'], title: 'x' });
  });

  it('leaves anything else unresolved: another schema’s id, a remote address, a missing name', () => {
    const resolve = localRefs(root);
    expect(resolve('other#/$defs/capital.document')).toBeUndefined();
    expect(resolve('https://example.com/s.json#/$defs/capital.document')).toBeUndefined();
    expect(resolve('#/$defs/nothing')).toBeUndefined();
  });
});
