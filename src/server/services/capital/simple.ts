/**
 * The simple application form of an offer (capital spec §2 Simple application form, §3 Simple form, §4 mapping,
 * §7): what it starts from, and sending it — the same calls, and rules, as the spec's own (create, answers,
 * submit).
 */
import { isEditable, isSimpleOffer, simpleStage } from '../../../domain/capital/steps';
import { notFound } from '../../errors';
import type { applicationCalls } from './applications';
import type { CapitalContext } from './context';
import { alreadyApplied, isObject, offerView, type CapitalScope } from './model';

/** The simple form's answers as the product takes them (§3 Simple form; file addresses decoded). */
export interface SimpleFormAnswers {
  sign: { name: string; email: string; phone: string };
  finance?: { name: string; email?: string; phone?: string };
  cr_file: string;
  cr_number: string;
  company_name_or_legal_name: string;
  registered_company_address: string;
  bank_statement_url?: string;
}

export function simpleFormCalls(
  { deps, repo, offerOf }: CapitalContext,
  applications: ReturnType<typeof applicationCalls>,
) {
  /**
   * What the simple application form of an offer starts from: whether the offer asks for a bank statement, the
   * stage of the four-stage stepper (§4 mapping) and the signatory's contact as the account knows it (a lookup
   * that fails falls back to empty, §8). 404 for an offer not the caller's or one of the two wizards' (its form
   * is the wizard); 409 `already_applied` once the application is sent.
   */
  async function simpleForm(who: CapitalScope, offerId: string) {
    const offer = offerView(await offerOf(who.merchantIds, offerId));
    if (!isSimpleOffer(offer.tags)) throw notFound('this offer is applied for through its wizard');
    const existing = await repo.applicationOfOffer(offer.id);
    if (existing && !isEditable(existing.status))
      throw alreadyApplied('the application of this offer was already sent', existing.id);
    const account = await deps.accounts.account(who.accountId).catch(() => undefined);
    const name = [account?.firstName, account?.lastName].filter(Boolean).join(' ');
    const known = isObject(existing?.data.authorized_signatory) ? existing.data.authorized_signatory : {};
    const sign = Object.fromEntries(
      Object.entries({
        name: known.name ?? name,
        email: known.email ?? account?.email,
        phone: known.phone ?? account?.phone,
      }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
    );
    return {
      offer,
      bankStatementRequired: offer.tags.includes('bank_statement_required'),
      stage: simpleStage(existing?.status),
      values: Object.keys(sign).length > 0 ? { sign } : {},
    };
  }

  /**
   * Sends the simple form: the application of the offer (created with the signatory as its contact when there is
   * none), its answers (`legal_info`, `finance_signatory` when given, the bank statement), then the submit.
   */
  async function applySimple(who: CapitalScope, offerId: string, form: SimpleFormAnswers) {
    const { offer } = await simpleForm(who, offerId);
    const sign = { ...form.sign, email: form.sign.email.trim().toLowerCase() };
    const existing = await repo.applicationOfOffer(offer.id);
    const id =
      existing?.id ??
      (
        await applications.createApplication(who, {
          offer_id: offer.id,
          merchant_id: offer.merchant_id,
          application: { full_name: sign.name, email: sign.email, phone: sign.phone },
        })
      ).id;
    await applications.updateApplication(who, id, {
      authorized_signatory: sign,
      ...(form.finance
        ? {
            finance_signatory: {
              ...form.finance,
              ...(form.finance.email ? { email: form.finance.email.trim().toLowerCase() } : {}),
            },
          }
        : {}),
      legal_info: {
        company_name: form.company_name_or_legal_name,
        cr_number: form.cr_number,
        cr_file_url: form.cr_file,
        company_address: form.registered_company_address,
      },
      ...(form.bank_statement_url ? { bank_statements: [{ url: form.bank_statement_url }] } : {}),
    });
    return applications.submitApplication(who, id, { application_id: id });
  }

  return { simpleForm, applySimple };
}
