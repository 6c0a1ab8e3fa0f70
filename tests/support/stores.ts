/** A store of one merchant as the shell's stores query answers it, for tests of the parts that read the stores. */
import type { Store } from '../../src/contract/stores';

export const storeOf = (id: string, products: string[] = ['pay_later']): Store => ({
  id,
  name: `Store ${id}`,
  country: 'SA',
  merchant_id: 'mer-1',
  merchant_name: 'Merchant',
  organization_id: null,
  available_products: products,
  contract_signed: true,
});
