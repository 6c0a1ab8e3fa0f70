/**
 * A payment product has one name wherever the app writes it (issue 56: "Instalments" in ads beside "Pay in
 * instalments" in orders): every namespace's `product` map says what orders' says, in both languages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const products = (lang: string, namespace: string) =>
  (
    JSON.parse(readFileSync(`locales/${lang}/${namespace}.json`, 'utf8')) as {
      product: Record<string, string>;
    }
  ).product;

describe.each(['en', 'ar'])('product names in %s', (lang) => {
  it.each(['ads', 'payouts', 'stores'])('%s names each product as orders does', (namespace) => {
    const canonical = products(lang, 'orders');
    for (const [product, name] of Object.entries(products(lang, namespace)))
      if (product in canonical) expect(name, `${namespace}.product.${product}`).toBe(canonical[product]);
  });
});
