/**
 * Onboarding applications (spec §2–§5, §7): one per account, its answers a draft of the catalogue's
 * onboarding flow in the one drafts service (./drafts.ts) — this module is the thin adapter that keeps the
 * spec's paths and shapes: the answers at the top level of the application, its status, UTM values, CRM id.
 *
 * - A save (PUT, the whole application) is the drafts service's all-or-nothing autosave: a value that breaks a
 *   rule, a key no step asks for or another account's file answers 400 with `field_errors`, and nothing is
 *   stored. The browser then saves again without the refused values, so nothing valid waits for them.
 * - Submit: the drafts service's checks; status goes draft → partially_submitted, and a path that ended at a
 *   "reach-out" step (flow.json) flags the application for sales.
 * - What no schema can check — names and numbers others hold — are the flow's hooks (`onboardingHooks`); the
 *   local lookups stand in for the registries we do not have (docs/onboarding.md, lookups).
 */
import type { FieldMessage } from '../../engine/core/messages';
import { changedPointers, getAt, parsePointer } from '../../engine/core/pointer';
import { isObject } from '../../engine/core/json';
import type { FormData } from '../../engine/core/types';
import { isPhone } from '../../domain/contact';
import { APPLICATION_META_FIELDS } from '../../domain/application';
import { readIban } from '../data/banks';
import { BUSINESS_SECTIONS } from '../data/businessSections';
import { HttpError, notFound } from '../errors';
import type { Clock } from '../clock';
import type { ApplicationRepository, ApplicationRow } from '../repositories/application';
import type { DraftRepository } from '../repositories/drafts';
import type { DraftsService, DraftView, FlowHooks } from './drafts';
import type { ReviewRepository } from '../repositories/reviews';
import { isOpenWhileSentBack, reviewMove, sentBackAttention, unchangedSentBack } from '../../domain/review';
import type { CallerMeta } from '../../domain/formEvents';

export const ONBOARDING_FLOW = 'onboarding';

/** Fields about the application (spec §3), never answers: never taken from a client's body. */
const META_FIELDS = new Set<string>(APPLICATION_META_FIELDS);

const UTM_KEYS = ['utm_source', 'utm_campaign', 'utm_medium'] as const;

/** The UTM values of a body's `advertisement`, each a short string; anything else is left out. */
function advertisementOf(value: unknown): Record<string, string> | null {
  if (!isObject(value)) return null;
  const entries = UTM_KEYS.flatMap((key) => {
    const v = value[key];
    return typeof v === 'string' && v.trim() !== '' ? [[key, v.trim().slice(0, 200)] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** Answers in other accounts' submitted applications that an answer may not repeat. */
const UNIQUE_ANSWERS = [
  ['/legal_info/commercial_registration_number', 'onboarding:errors.crTaken'],
  ['/legal_info/unified_number', 'onboarding:errors.unifiedTaken'],
] as const;

/** The application's bank account: another business's is refused (§8 LEGAL_BANK_DETAILS_CONFLICT). */
const IBAN = '/bank_details/iban';

/**
 * What the onboarding flow adds to the drafts service: the business name, registration numbers and IBAN others hold
 * (checked when saved and at submit), and the report recipient defaulting to the application's e-mail (spec §3).
 */
export function onboardingHooks(deps: {
  applications: ApplicationRepository;
  drafts: DraftRepository;
}): FlowHooks {
  return {
    async lookups({ ownerId, data, saved }) {
      const found: FieldMessage[] = [];
      const name = getAt(data, '/business_name');
      if (
        saved('/business_name') &&
        typeof name === 'string' &&
        name.trim() !== '' &&
        (await deps.applications.businessNameTaken(ownerId, name, ONBOARDING_FLOW))
      )
        found.push({ pointer: '/business_name', key: 'onboarding:errors.businessNameConflict', params: {} });
      const iban = getAt(data, IBAN);
      if (
        saved(IBAN) &&
        typeof iban === 'string' &&
        iban.trim() !== '' &&
        (await deps.applications.ibanTaken(ownerId, iban, ONBOARDING_FLOW))
      )
        found.push({ pointer: IBAN, key: 'onboarding:errors.ibanTaken', params: {} });
      for (const [pointer, key] of UNIQUE_ANSWERS) {
        const value = getAt(data, pointer);
        if (
          saved(pointer) &&
          typeof value === 'string' &&
          value !== '' &&
          (await deps.drafts.answeredElsewhere(ONBOARDING_FLOW, ownerId, parsePointer(pointer), value))
        )
          found.push({ pointer, key, params: {} });
      }
      return found;
    },
    beforeSubmit(data: FormData) {
      const bank = data.bank_details;
      if (isObject(bank) && !bank.report_recipient && typeof data.email === 'string')
        return { ...data, bank_details: { ...bank, report_recipient: data.email } };
      return data;
    },
  };
}

export interface ApplicationServiceDeps {
  repository: ApplicationRepository;
  draftRows: DraftRepository;
  drafts: DraftsService;
  /** The review loop's moves and audit (a resubmission is the merchant's move). */
  reviews: ReviewRepository;
  clock: Clock;
}

export function createApplicationService(deps: ApplicationServiceDeps) {
  const context = applicationContext(deps);
  return {
    ...applicationCalls(context),
    ...lookupCalls(context),
  };
}

/** What the calls share: the account's application and its draft. */
function applicationContext(deps: ApplicationServiceDeps) {
  const { repository, drafts, clock } = deps;

  /** The merchant may change it: a draft, or what a reviewer sent back. */
  const open = (row: ApplicationRow) => row.status === 'draft' || row.status === 'sent_back';

  /** The application as the API shows it: the answers at the top level (spec §3), then what we know of it. */
  function view(row: ApplicationRow, draft: DraftView) {
    return {
      ...draft.data,
      id: row.id,
      account_id: row.accountId,
      created_by_account_id: row.createdByAccountId,
      crm_id: row.crmId,
      organization_id: row.organizationId,
      source: row.source,
      status: row.status,
      advertisement: row.advertisement ?? null,
      flow_version: draft.version,
      requires_sales_contact: row.requiresSalesContact,
      steps: draft.steps,
      first_incomplete_step: open(row) ? draft.first_incomplete_step : null,
      attention: draft.attention,
      // The review loop (issue 58): what was sent back, on which answers, and the reviewer's words.
      sent_back: row.status === 'sent_back' ? row.sentBack : [],
      review_note: row.status === 'sent_back' || row.status === 'rejected' ? row.reviewNote : null,
      decision_reason: row.status === 'rejected' ? row.decisionReason : null,
      review_round: row.reviewRound,
      created_at: row.createdAt.toISOString(),
      updated_at: draft.updated_at,
      submitted_at: row.submittedAt?.toISOString() ?? null,
    };
  }

  async function own(accountId: string, id: string) {
    const row = await repository.byAccount(accountId);
    // Another account's application is "not found": its existence is not ours to tell.
    if (!row || row.id !== id) throw notFound('application not found');
    return row;
  }

  const draftOf = (row: ApplicationRow) => drafts.get(ONBOARDING_FLOW, row.accountId, row.draftId);

  function sections(language: string) {
    return BUSINESS_SECTIONS.map(([id, en, ar]) => ({
      id,
      name: language === 'ar' ? ar : en,
      name_en: en,
      name_ar: ar,
    }));
  }

  return { deps, repository, drafts, clock, view, own, draftOf, sections, open };
}
type ApplicationContext = ReturnType<typeof applicationContext>;

/** The application: read, started, saved, submitted. */
function applicationCalls(context: ApplicationContext) {
  const { deps, repository, drafts, clock, view, own, draftOf, open } = context;
  return {
    /** The account's application, or null when it has not started one. */
    async get(accountId: string) {
      const row = await repository.byAccount(accountId);
      return row ? view(row, await draftOf(row)) : null;
    },

    /** Starts the account's application (ours: the spec has no create call), with its contact details filled in. */
    async create(accountId: string, advertisement: unknown, hasMerchantAccess: boolean, meta?: CallerMeta) {
      const existing = await repository.byAccount(accountId);
      if (existing) return { created: false, application: view(existing, await draftOf(existing)) };
      if (hasMerchantAccess) throw new HttpError(403, 'forbidden');
      const account = await repository.account(accountId);
      const initial: FormData = {};
      if (account?.firstName) initial.first_name = account.firstName;
      if (account?.lastName) initial.last_name = account.lastName;
      if (account?.email) initial.email = account.email;
      if (account?.phone) initial.phone = account.phone;
      const { draft } = await drafts.create(ONBOARDING_FLOW, accountId, { initial, meta });
      const row = await repository.insert({
        accountId,
        draftId: draft.id,
        createdByAccountId: accountId,
        advertisement: advertisementOf(advertisement),
      });
      return { created: true, application: view(row, draft) };
    },

    /** `moved`: the merchant pressed a step's main button (form events: that step completed). */
    async save(
      accountId: string,
      id: string,
      body: Record<string, unknown>,
      moved: { from?: string; meta?: CallerMeta } = {},
    ) {
      const row = await own(accountId, id);
      if (!open(row)) throw new HttpError(409, 'application already submitted');
      const answers = Object.fromEntries(Object.entries(body).filter(([key]) => !META_FIELDS.has(key)));
      if (row.status === 'sent_back') refuseOutsideSentBack(row, answers);
      let draft = await drafts.save(ONBOARDING_FLOW, accountId, row.draftId, answers, undefined, {
        advance: moved.from !== undefined,
        from: moved.from,
        meta: moved.meta,
      });
      if (row.status === 'sent_back') draft = await keepSentBackInView(row, draft);
      const advertisement = advertisementOf(body.advertisement);
      // The first landing's UTM values are kept: a later visit does not rewrite where the merchant came from.
      const updated =
        advertisement && !row.advertisement
          ? await repository.update(row.id, { advertisement }, clock.now())
          : row;
      return view(updated, draft);
    },

    async submit(accountId: string, id: string, meta?: CallerMeta) {
      const row = await own(accountId, id);
      if (row.status === 'sent_back') return resubmit(accountId, row, meta);
      if (row.status !== 'draft') throw new HttpError(409, 'application already submitted');
      let draft: DraftView;
      try {
        draft = await drafts.submit(ONBOARDING_FLOW, accountId, row.draftId, { meta });
      } catch (error) {
        if (error instanceof HttpError && error.status === 422)
          throw new HttpError(422, 'application is incomplete', error.fieldErrors, error.extra);
        if (error instanceof HttpError && error.status === 409)
          throw new HttpError(409, 'application already submitted');
        throw error;
      }
      const updated = await repository.update(
        row.id,
        {
          // Waiting for a reviewer (docs/review.md), a reach-out path flagged for sales.
          status: 'partially_submitted',
          submittedAt: clock.now(),
          requiresSalesContact: draft.outcome === 'reach-out',
        },
        clock.now(),
      );
      return view(updated, draft);
    },
  };

  /**
   * While sent back, each reason stays on its field until its answer changes (a save of its step alone would
   * clear it, and the merchant would lose what the reviewer asked on the next visit); the rest of the attention
   * list (what a newer form version dropped) as the save left it.
   */
  async function keepSentBackInView(row: ApplicationRow, draft: DraftView): Promise<DraftView> {
    const unchanged = new Set(unchangedSentBack(row.sentBack, row.reviewedAnswers ?? {}, draft.data));
    const open = sentBackAttention(row.sentBack.filter((item) => unchanged.has(item.pointer)));
    const attention = [...draft.attention.filter((m) => m.key !== 'review:sentBackField'), ...open];
    if (JSON.stringify(attention) === JSON.stringify(draft.attention)) return draft;
    await deps.draftRows.update(row.draftId, { attention }, clock.now());
    return { ...draft, attention };
  }

  /**
   * While sent back, only what was sent back may change (the rest stays as the reviewer read it): a change
   * elsewhere is refused by its answer, and nothing is stored.
   */
  function refuseOutsideSentBack(row: ApplicationRow, answers: Record<string, unknown>) {
    const before = row.reviewedAnswers ?? {};
    const outside = changedPointers(before, answers).filter((p) => !isOpenWhileSentBack(row.sentBack, p));
    if (outside.length > 0)
      throw new HttpError(
        400,
        'only what was sent back may change',
        Object.fromEntries(outside.map((p) => [p, { key: 'review:errors.notSentBack', params: {} }])),
      );
  }

  /**
   * Sends a sent-back application again: every answer sent back changed (the same file uploaded again has not),
   * the whole application sound as at its first submit; then it waits for a reviewer as `resubmitted`.
   */
  async function resubmit(accountId: string, row: ApplicationRow, meta?: CallerMeta) {
    const current = await draftOf(row);
    const unchanged = unchangedSentBack(row.sentBack, row.reviewedAnswers ?? {}, current.data);
    if (unchanged.length > 0)
      throw new HttpError(
        422,
        'change what was sent back',
        Object.fromEntries(unchanged.map((p) => [p, { key: 'review:errors.unchanged', params: {} }])),
      );
    const draft = await drafts.submit(ONBOARDING_FLOW, accountId, row.draftId, { meta });
    const now = clock.now();
    const moved = await deps.reviews.move({
      id: row.id,
      from: 'sent_back',
      to: reviewMove('sent_back', 'resubmit')!,
      changes: { submittedAt: now },
      audit: { actorId: accountId, action: 'resubmit', reasons: [], note: null },
      now,
    });
    if (!moved) throw new HttpError(409, 'application already submitted');
    return view((await repository.byAccount(accountId))!, draft);
  }
}

/** The form's reference data and lookups: sections and categories, registry numbers, the IBAN, the merchant group, the signatory. */
function lookupCalls(context: ApplicationContext) {
  const { deps, repository, sections } = context;
  return {
    sections,

    categories(sectionId: number, language: string) {
      const section = BUSINESS_SECTIONS.find(([id]) => id === sectionId);
      if (!section) throw notFound('section not found');
      return section[3].map(([id, en, ar]) => ({
        id,
        section_id: sectionId,
        name: language === 'ar' ? ar : en,
        name_en: en,
        name_ar: ar,
      }));
    },

    /** Saudi commercial registration: 10 digits, not starting with 7 (that is a unified number), held by nobody else. */
    async commercialRegistration(accountId: string, number: string) {
      const format = /^[0-9]{10}$/.test(number) && !number.startsWith('7');
      const duplicate =
        format &&
        (await deps.draftRows.answeredElsewhere(
          ONBOARDING_FLOW,
          accountId,
          ['legal_info', 'commercial_registration_number'],
          number,
        ));
      return {
        number,
        valid: format && !duplicate,
        reason: !format ? 'format' : duplicate ? 'duplicate' : null,
      };
    },

    /** Saudi unified number: 10 digits starting with 7, held by nobody else. */
    async unifiedNumber(accountId: string, number: string) {
      const format = /^7[0-9]{9}$/.test(number);
      const duplicate =
        format &&
        (await deps.draftRows.answeredElsewhere(
          ONBOARDING_FLOW,
          accountId,
          ['legal_info', 'unified_number'],
          number,
        ));
      return {
        number,
        valid: format && !duplicate,
        reason: !format ? 'format' : duplicate ? 'duplicate' : null,
      };
    },

    /** IBAN: checksum and country length; the bank's name when its code is one we know. */
    iban(value: string) {
      const { iban, valid, country, bank } = readIban(value);
      return { iban, valid, country, bank_name: bank, reason: valid ? null : 'checksum' };
    },

    /** Business name: conflicts with another merchant or another account's application (spec §8 BUSINESS_NAME_CONFLICT). */
    async merchantGroup(accountId: string, businessName: string) {
      if (await repository.businessNameTaken(accountId, businessName, ONBOARDING_FLOW))
        throw new HttpError(409, 'business name conflict', undefined, {
          kind: 'conflict',
          type: 'BUSINESS_NAME_CONFLICT',
        });
      return { business_name: businessName.trim(), available: true };
    },

    /**
     * Authorised signatory: without the registry, a phone is verified when it is a valid number on record for this
     * account (its sign-in phone or the application's).
     */
    async authorisedSignatory(accountId: string, phone: string) {
      if (!isPhone(phone)) return { phone, verified: false, reason: 'invalid_phone' };
      const account = await repository.account(accountId);
      const application = await repository.byAccount(accountId);
      const draft = application ? await deps.draftRows.byId(application.draftId) : undefined;
      const known = [account?.phone, draft?.data.phone].filter((p): p is string => typeof p === 'string');
      const verified = known.includes(phone);
      return { phone, verified, reason: verified ? null : 'not_on_record' };
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
