/**
 * Capital applications (capital spec §3 Application, §7): the loans list's records, one application, the one of
 * an offer, creating one on an offer, the wizards' answers, the sales-data step, the submit.
 *
 * Decisions where the spec is silent (docs/capital.md):
 * - An application created from an offer is a `draft` until submitted (not one of the spec's statuses, so the
 *   loans list never shows it); a confirmed signatory phone makes it `verified` (§2 KYB wizard).
 * - The amount asked for is 10,000 … the offer's amount (never above 1,000,000); the tenor 4 … 28 weeks.
 * - A change to the answers marks the step they belong to complete (§3 steps): the wizard has nothing else to say.
 */
import { randomUUID } from 'node:crypto';
import { maxAmountFor } from '../../../domain/capital/offers';
import { initialSteps, isEditable } from '../../../domain/capital/steps';
import { readIban } from '../../data/banks';
import { fieldError, HttpError, type FieldError } from '../../errors';
import type { CapitalContext } from './context';
import {
  applicationRecord,
  completeSteps,
  invalid,
  isObject,
  offerView,
  stepsOf,
  termErrors,
  type CapitalScope,
  type Doc,
} from './model';

/** §3 answer fields, with the step each completes (§2 wizards). */
const FIELD_STEPS: Record<string, string[]> = {
  authorized_signatory: [],
  finance_signatory: [],
  legal_info: ['preapproved_legal_info', 'kyb_legal_info', 'commercial_licence'],
  bank_statements: ['bank_statements'],
  shareholders: ['shareholders', 'shareholder_ids'],
  bank_details: ['iban_verification'],
  social_networks: ['social_networks'],
  location_details: ['location_details'],
  amount: [],
  tenor: [],
};
export const APPLICATION_FIELDS = Object.keys(FIELD_STEPS);

/** Answers' own rules the route schema cannot say (§5): IBAN, shareholders' shares, the social links. */
function answerErrors(body: Doc) {
  const errors: Record<string, FieldError> = {};
  if (isObject(body.bank_details) && typeof body.bank_details.iban === 'string') {
    if (!/^AE\d{21}$/.test(readIban(body.bank_details.iban).iban))
      errors['/bank_details/iban'] = fieldError('capital:error.ibanFormat');
  }
  if (Array.isArray(body.shareholders)) {
    if (body.shareholders.length === 0)
      errors['/shareholders'] = fieldError('validation:error.minItems', { limit: 1 });
    body.shareholders.forEach((s, i) => {
      const value = isObject(s) ? Number(s.value) : NaN;
      if (!(value >= 25)) errors[`/shareholders/${i}/value`] = fieldError('capital:error.sharesMin');
      else if (value > 100) errors[`/shareholders/${i}/value`] = fieldError('capital:error.sharesMax');
    });
  }
  return errors;
}

export interface ApplicationCreate {
  offer_id: string;
  merchant_id?: string;
  store_id?: string;
  amount?: number;
  tenor?: number;
  application?: { full_name: string; email: string; phone: string };
}

export function applicationCalls({
  deps,
  repo,
  offerOf,
  applicationOf,
  viewOf,
  editableApplication,
}: CapitalContext) {
  return {
    /** The applications of the loans list (§3 "Application record on the list"); drafts are not listed. */
    async applicationRecords(who: CapitalScope) {
      const { merchantIds } = who;
      const [rows, offers, loans] = await Promise.all([
        repo.applications(merchantIds),
        repo.offers(merchantIds),
        repo.loans(merchantIds),
      ]);
      const byId = new Map(offers.map((o) => [o.id, offerView(o)]));
      // An application whose advance was taken is its loan on the list now (the loan's card, not both).
      const taken = new Set(loans.map((l) => l.applicationId).filter(Boolean));
      return {
        items: rows
          .filter((r) => !isEditable(r.status) && !taken.has(r.id))
          .map((r) => applicationRecord(r, byId)),
      };
    },

    async application(who: CapitalScope, id: string) {
      const row = await applicationOf(who.merchantIds, id);
      const [view, loan] = await Promise.all([viewOf(who.merchantIds, row), repo.loanOfApplication(row.id)]);
      // The advance taken on it, once its contract is signed (the approved page then leads there).
      return { ...view, loan_id: loan?.id ?? null };
    },

    async applicationOfOffer(who: CapitalScope, offerId: string) {
      await offerOf(who.merchantIds, offerId);
      const row = await repo.applicationOfOffer(offerId);
      // No application yet is an answer (the quote page asks before the first one): null, not a 404 (issue 32).
      // An offer that is not the merchant's is still a 404 (offerOf above).
      return row ? viewOf(who.merchantIds, row) : null;
    },

    /** POST …/capital/application: an application on an offer, with the contact or the terms asked for. */
    async createApplication(who: CapitalScope, body: ApplicationCreate) {
      const { merchantIds, integrationForm } = who;
      const offer = offerView(await offerOf(merchantIds, body.offer_id));
      const errors = termErrors(body, offer, false);
      if (body.merchant_id !== undefined && body.merchant_id !== offer.merchant_id)
        errors['/merchant_id'] = fieldError('capital:error.offerMismatch');
      if (body.store_id !== undefined && offer.store_id !== null && body.store_id !== offer.store_id)
        errors['/store_id'] = fieldError('capital:error.offerMismatch');
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const existing = await repo.applicationOfOffer(offer.id);
      const conflict = () =>
        new HttpError(409, 'an application already exists for this offer', undefined, {
          application_id: existing?.id,
        });
      if (existing) throw conflict();
      const now = deps.clock.now();
      const contact = body.application;
      const row = await repo.insertApplication({
        id: randomUUID(),
        merchantId: offer.merchant_id,
        offerId: offer.id,
        status: 'draft',
        data: {
          amount: body.amount ?? maxAmountFor(offer),
          tenor: body.tenor ?? offer.tenor,
          currency: offer.currency,
          reasons: [],
          steps: initialSteps(offer.tags, { salesData: integrationForm }),
          ...(contact
            ? {
                authorized_signatory: { name: contact.full_name, email: contact.email, phone: contact.phone },
              }
            : {}),
        },
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw conflict();
      return { id: row.id, application_id: row.id };
    },

    /** PATCH …/capital/application/{id}: answers of the wizards (§7), each marking its step complete. */
    async updateApplication(who: CapitalScope, id: string, body: Doc) {
      const { merchantIds } = who;
      const row = await editableApplication(merchantIds, id);
      const offerRow = row.offerId ? await repo.offer(merchantIds, row.offerId) : undefined;
      const errors = {
        ...(offerRow ? termErrors(body, offerView(offerRow), false) : {}),
        ...answerErrors(body),
      };
      if (body.application_id !== undefined && body.application_id !== row.id)
        errors['/application_id'] = fieldError('capital:error.applicationMismatch');
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const fields = APPLICATION_FIELDS.filter((f) => body[f] !== undefined);
      const data: Doc = { ...row.data };
      for (const field of fields) data[field] = body[field];
      if (isObject(data.bank_details) && typeof data.bank_details.iban === 'string') {
        const { iban, bank } = readIban(data.bank_details.iban);
        data.bank_details = { ...data.bank_details, iban, bank_name: data.bank_details.bank_name ?? bank };
      }
      data.steps = completeSteps(stepsOf(row.data), new Set(fields.flatMap((f) => FIELD_STEPS[f] ?? [])));
      const updated = await repo.updateApplication(row.id, { data, updatedAt: deps.clock.now() });
      return viewOf(merchantIds, updated!);
    },

    /** The sales-data step done (§2: connecting is optional; the merchant moved on from it). */
    async completeSalesData(who: CapitalScope, id: string) {
      const row = await editableApplication(who.merchantIds, id);
      const steps = completeSteps(stepsOf(row.data), new Set(['sales_data']));
      await repo.updateApplication(row.id, { data: { ...row.data, steps }, updatedAt: deps.clock.now() });
    },

    /** POST …/submit: a draft with its terms and every required step complete goes to review (72 hours, §9). */
    async submitApplication(who: CapitalScope, id: string, body: { application_id?: string }) {
      const { merchantIds } = who;
      const row = await applicationOf(merchantIds, id);
      if (body.application_id !== undefined && body.application_id !== row.id)
        throw invalid({ '/application_id': fieldError('capital:error.applicationMismatch') });
      if (row.status === 'submitted') return viewOf(merchantIds, row);
      if (!isEditable(row.status)) throw new HttpError(409, 'the application can no longer be changed');
      const errors: Record<string, FieldError> = {};
      if (typeof row.data.amount !== 'number') errors['/amount'] = fieldError('validation:error.required');
      if (typeof row.data.tenor !== 'number') errors['/tenor'] = fieldError('validation:error.required');
      for (const step of stepsOf(row.data))
        if (!step.completed && !step.optional && step.name !== 'review')
          errors[`/steps/${step.name}`] = fieldError('capital:error.stepIncomplete', { step: step.name });
      if (Object.keys(errors).length > 0) throw invalid(errors, 'the application is not complete');
      const steps = completeSteps(stepsOf(row.data), new Set(['review']));
      const now = deps.clock.now();
      const updated = await repo.updateApplication(row.id, {
        status: 'submitted',
        data: { ...row.data, steps, submitted_at: now.toISOString() },
        updatedAt: now,
      });
      return viewOf(merchantIds, updated!);
    },
  };
}
