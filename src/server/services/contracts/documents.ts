/**
 * What each kind of contract says (docs/contracts.md): its words from `locales/<lang>/contracts.json`, its values
 * from the subject. The page and the PDF show the same document, so what the merchant reads is what is signed.
 */
import type { Language } from '../../../domain/language';
import type { ContractDocument } from './pdf';

export type ContractKind = 'capital_loan' | 'store';
export const CONTRACT_KINDS: readonly ContractKind[] = ['capital_loan', 'store'];

interface KindWords {
  title: string;
  terms: Record<string, string>;
  sections: { heading: string; paragraphs: string[] }[];
}

/** One language's words (contracts.json). */
export interface ContractWords {
  capital_loan: KindWords;
  store: KindWords;
  products: Record<string, string>;
  stamp: { heading: string; name: string; at: string; document: string; session: string; note: string };
  sms: { code: string; mandate: string };
}

export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** The values of a capital advance's contract, as the approved summary shows them (capital spec §2). */
export interface CapitalLoanFacts {
  company: string;
  licence: string;
  address: string;
  signatory: string;
  principal: string;
  feePercent: string;
  fee: string;
  total: string;
  minimum: string;
  weeks: string;
  start: string;
  end: string;
  directDebit: boolean;
  rate: number;
  account: string;
}

export interface StoreFacts {
  merchant: string;
  store: string;
  products: string[];
  signatory: string;
}

const row = (label: string, value: string) => ({ label, value: value.trim() === '' ? '—' : value });
const directionOf = (language: Language) => (language === 'ar' ? 'rtl' : 'ltr');

export function capitalLoanDocument(
  w: ContractWords,
  language: Language,
  f: CapitalLoanFacts,
): ContractDocument {
  const t = w.capital_loan.terms;
  return {
    title: w.capital_loan.title,
    direction: directionOf(language),
    terms: [
      row(t.provider!, t.providerName!),
      row(t.merchant!, f.company),
      row(t.licence!, f.licence),
      row(t.address!, f.address),
      row(t.signatory!, f.signatory),
      row(t.principal!, f.principal),
      row(fill(t.fee!, { percent: f.feePercent }), f.fee),
      row(t.total!, f.total),
      row(t.minimum!, f.minimum),
      row(t.tenor!, fill(t.tenorValue!, { weeks: f.weeks })),
      row(t.start!, f.start),
      row(t.end!, f.end),
      row(t.repayment!, f.directDebit ? t.directDebit! : fill(t.salesShare!, { rate: f.rate })),
      row(t.account!, f.account),
    ],
    sections: w.capital_loan.sections,
  };
}

export function storeDocument(w: ContractWords, language: Language, f: StoreFacts): ContractDocument {
  const t = w.store.terms;
  return {
    title: w.store.title,
    direction: directionOf(language),
    terms: [
      row(t.provider!, t.providerName!),
      row(t.merchant!, f.merchant),
      row(t.store!, f.store),
      row(t.products!, f.products.map((p) => w.products[p] ?? p).join(', ')),
      row(t.signatory!, f.signatory),
    ],
    sections: w.store.sections,
  };
}
