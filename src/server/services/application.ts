/**
 * Onboarding applications (spec §2–§5, §7): one per account, a draft saved as the merchant goes, then
 * submitted. The rules are the catalogue's: the same step schemas, flow rules and routing the browser uses
 * (src/engine/core), run here with ajv so the server never trusts what a client sends.
 *
 * - A save (PUT) stores every valid answer of the active steps. An answer that breaks a rule is not stored (the
 *   stored one stays) and comes back in `field_errors` (JSON pointer → message key) with the rest saved: a
 *   draft never holds a broken value, and nothing valid is lost because one field is wrong. Missing answers
 *   are fine in a draft.
 * - Submit validates the whole application: every active step complete, the path ending at a step with an end.
 *   Data only hidden steps own is dropped; status goes draft → partially_submitted.
 * - Local lookups stand in for the registries we do not have (README "Onboarding lookups").
 */
import { electronicFormatIBAN, extractIBAN, isValidIBAN } from 'ibantools';
import type { Catalogue } from '../../engine/core/catalogue';
import { bundleStepSchema, createStepValidators } from '../../engine/core/catalogue';
import { deriveContext } from '../../engine/core/context';
import { firstIncompleteStep } from '../../engine/core/drafts';
import { toFieldMessages } from '../../engine/core/messages';
import { getAt, isWithin, parsePointer, removeAt, setAt, toPointer } from '../../engine/core/pointer';
import { applyRules } from '../../engine/core/rules';
import { localRefs, withRef, type SchemaObject } from '../../engine/core/schemaRef';
import { dropInactiveData, resolveSteps, withOwnedParents } from '../../engine/core/steps';
import type { FlowDefinition, FormData } from '../../engine/core/types';
import { isPhone } from '../../domain/contact';
import { APPLICATION_META_FIELDS } from '../../domain/application';
import { bankOf } from '../data/banks';
import { BUSINESS_SECTIONS } from '../data/businessSections';
import { HttpError, notFound } from '../errors';
import type { Clock } from '../clock';
import type { ApplicationRepository, ApplicationRow } from '../repositories/application';
import { fileIdOf } from './files';

const FLOW = 'onboarding';

/** Fields about the application (spec §3), never answers: never taken from a client's body. */
const META_FIELDS = new Set<string>(APPLICATION_META_FIELDS);

/** Rules a draft may break for now: they say something is missing, not that something is wrong. */
const COMPLETENESS = new Set(['required', 'minItems', 'contains', 'x-sum']);

const UTM_KEYS = ['utm_source', 'utm_campaign', 'utm_medium'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The UTM values of a body's `advertisement`, each a short string; anything else is left out. */
function advertisementOf(value: unknown): Record<string, string> | null {
  if (!isObject(value)) return null;
  const entries = UTM_KEYS.flatMap((key) => {
    const v = value[key];
    return typeof v === 'string' && v.trim() !== '' ? [[key, v.trim().slice(0, 200)] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** Pointers of the uploaded-file fields (`x-accept`) that hold a value in the data. */
function filePointers(
  schema: SchemaObject,
  data: unknown,
  resolve: ReturnType<typeof localRefs>,
  at = '',
): string[] {
  const node = withRef(schema, resolve);
  if ('x-accept' in node) return typeof data === 'string' && data !== '' ? [at] : [];
  if (isObject(data) && isObject(node.properties))
    return Object.entries(node.properties).flatMap(([key, child]) =>
      isObject(child) && key in data
        ? filePointers(child, data[key], resolve, toPointer([...parsePointer(at), key]))
        : [],
    );
  if (Array.isArray(data) && isObject(node.items))
    return data.flatMap((item, i) =>
      filePointers(node.items as SchemaObject, item, resolve, toPointer([...parsePointer(at), String(i)])),
    );
  return [];
}

export interface ApplicationServiceDeps {
  repository: ApplicationRepository;
  catalogue: Catalogue;
  clock: Clock;
}

export function createApplicationService(deps: ApplicationServiceDeps) {
  const { repository, clock } = deps;
  const entry = deps.catalogue.flows[FLOW];
  if (!entry) throw new Error(`the catalogue has no "${FLOW}" flow`);
  const flow: FlowDefinition = entry.definition;
  const validators = createStepValidators(deps.catalogue, FLOW);
  const bundled = Object.fromEntries(
    Object.keys(entry.steps).map((id) => {
      const schema = bundleStepSchema(deps.catalogue, FLOW, id);
      return [id, { schema, resolve: localRefs(schema) }];
    }),
  );
  const owned = flow.steps.flatMap((s) => s.owns);

  /** The application as the API shows it: the answers at the top level (spec §3), then what we know of it. */
  function view(row: ApplicationRow) {
    const data = row.data;
    return {
      ...data,
      id: row.id,
      account_id: row.accountId,
      created_by_account_id: row.createdByAccountId,
      crm_id: row.crmId,
      organization_id: row.organizationId,
      source: row.source,
      status: row.status,
      advertisement: row.advertisement ?? null,
      flow_version: row.flowVersion,
      requires_sales_contact: row.requiresSalesContact,
      steps: resolveSteps(flow, data),
      first_incomplete_step: row.status === 'draft' ? firstIncompleteStep(flow, validators, data) : null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      submitted_at: row.submittedAt?.toISOString() ?? null,
    };
  }

  async function own(accountId: string, id: string) {
    const row = await repository.byAccount(accountId);
    // Another account's application is "not found": its existence is not ours to tell.
    if (!row || row.id !== id) throw notFound('application not found');
    return row;
  }

  /** The rules of the active steps the data breaks, by pointer (`complete`: the missing answers too). */
  function problems(data: FormData, complete: boolean): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const stepId of resolveSteps(flow, data)) {
      const step = flow.steps.find((s) => s.id === stepId)!;
      const result = validators[stepId]!(withOwnedParents(data, step.owns));
      const kept = result.errors.filter((e) => complete || !COMPLETENESS.has(e.keyword));
      for (const message of toFieldMessages(kept)) errors[message.pointer] ??= message.key;
    }
    return errors;
  }

  /** The checks no schema can make: files that are the account's, names and numbers nobody else holds. */
  async function lookups(accountId: string, data: FormData): Promise<Record<string, string>> {
    const errors: Record<string, string> = {};
    const allowed = await repository.colleaguesOf(accountId);
    for (const stepId of resolveSteps(flow, data)) {
      const { schema, resolve } = bundled[stepId]!;
      for (const pointer of filePointers(schema, data, resolve)) {
        const file = await fileOf(String(getAt(data, pointer)));
        if (!file || !allowed.includes(file.accountId)) errors[pointer] = 'onboarding:errors.fileNotFound';
      }
    }
    const name = getAt(data, '/business_name');
    if (
      typeof name === 'string' &&
      name.trim() !== '' &&
      (await repository.businessNameTaken(accountId, name))
    )
      errors['/business_name'] = 'onboarding:errors.businessNameConflict';
    for (const [pointer, key] of [
      ['/legal_info/commercial_registration_number', 'onboarding:errors.crTaken'],
      ['/legal_info/unified_number', 'onboarding:errors.unifiedTaken'],
    ] as const) {
      const value = getAt(data, pointer);
      if (
        typeof value === 'string' &&
        value !== '' &&
        (await repository.answeredElsewhere(accountId, parsePointer(pointer), value))
      )
        errors[pointer] = key;
    }
    return errors;
  }

  async function fileOf(url: string) {
    const id = fileIdOf(url);
    return id ? repository.file(id) : undefined;
  }

  function sections(language: string) {
    return BUSINESS_SECTIONS.map(([id, en, ar]) => ({
      id,
      name: language === 'ar' ? ar : en,
      name_en: en,
      name_ar: ar,
    }));
  }

  return {
    async get(accountId: string) {
      const row = await repository.byAccount(accountId);
      if (!row) throw notFound('application not found');
      return view(row);
    },

    /** Starts the account's application (ours: the spec has no create call), with its contact details filled in. */
    async create(accountId: string, advertisement: unknown, hasMerchantAccess: boolean) {
      const existing = await repository.byAccount(accountId);
      if (existing) return { created: false, application: view(existing) };
      if (hasMerchantAccess) throw new HttpError(403, 'forbidden');
      const account = await repository.account(accountId);
      const data: FormData = {};
      if (account?.firstName) data.first_name = account.firstName;
      if (account?.lastName) data.last_name = account.lastName;
      if (account?.email) data.email = account.email;
      if (account?.phone) data.phone = account.phone;
      const row = await repository.insert({
        accountId,
        createdByAccountId: accountId,
        flowVersion: flow.version,
        data,
        advertisement: advertisementOf(advertisement),
      });
      return { created: true, application: view(row) };
    },

    async save(accountId: string, id: string, body: Record<string, unknown>) {
      const row = await own(accountId, id);
      if (row.status !== 'draft') throw new HttpError(409, 'application already submitted');
      const fieldErrors: Record<string, string> = {};
      let data: FormData = {};
      for (const [key, value] of Object.entries(body)) {
        if (META_FIELDS.has(key)) continue;
        if (!owned.some((o) => isWithin(o, `/${key}`) || isWithin(`/${key}`, o)))
          fieldErrors[`/${key}`] = 'validation:error.unknownField';
        else data[key] = value;
      }
      data = applyRules(flow, data);
      // Answers below an owned pointer that no step asks for (a typo'd nested key) are dropped too.
      const found = { ...problems(data, false), ...(await lookups(accountId, data)) };
      // A refused answer leaves the stored one as it was (array items: removed, their indexes may have moved).
      for (const pointer of Object.keys(found).sort().reverse()) {
        const previous = /\/\d+(\/|$)/.test(pointer) ? undefined : getAt(row.data, pointer);
        data = previous === undefined ? removeAt(data, pointer, false) : setAt(data, pointer, previous);
      }
      Object.assign(fieldErrors, found);
      const advertisement = advertisementOf(body.advertisement);
      const updated = await repository.update(
        row.id,
        {
          data,
          flowVersion: flow.version,
          // The first landing's UTM values are kept: a later visit does not rewrite where the merchant came from.
          ...(advertisement && !row.advertisement ? { advertisement } : {}),
        },
        clock.now(),
      );
      return { application: view(updated), fieldErrors };
    },

    async submit(accountId: string, id: string) {
      const row = await own(accountId, id);
      if (row.status !== 'draft') throw new HttpError(409, 'application already submitted');
      const data = applyRules(flow, row.data);
      const fieldErrors = { ...problems(data, true), ...(await lookups(accountId, data)) };
      const active = resolveSteps(flow, data);
      const last = flow.steps.find((s) => s.id === active.at(-1));
      if (Object.keys(fieldErrors).length > 0 || !last?.end) {
        throw new HttpError(422, 'application is incomplete', fieldErrors, {
          step: firstIncompleteStep(flow, validators, data) ?? active.at(-1) ?? null,
        });
      }
      let final = applyRules(flow, dropInactiveData(flow, data));
      // The report recipient defaults to the application's e-mail (spec §3).
      if (
        isObject(final.bank_details) &&
        !final.bank_details.report_recipient &&
        typeof final.email === 'string'
      )
        final = { ...final, bank_details: { ...final.bank_details, report_recipient: final.email } };
      const context = deriveContext(flow, final);
      const highVolume = context.tier === 1 || context.tier === 2;
      const updated = await repository.update(
        row.id,
        {
          data: final,
          status: 'partially_submitted',
          submittedAt: clock.now(),
          requiresSalesContact:
            highVolume && context.licence !== 'freelance_license' && last.end === 'reach-out',
        },
        clock.now(),
      );
      return view(updated);
    },

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
        (await repository.answeredElsewhere(
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
        format && (await repository.answeredElsewhere(accountId, ['legal_info', 'unified_number'], number));
      return {
        number,
        valid: format && !duplicate,
        reason: !format ? 'format' : duplicate ? 'duplicate' : null,
      };
    },

    /** IBAN: checksum and country length; the bank's name when its code is one we know. */
    iban(value: string) {
      const electronic = electronicFormatIBAN(value) ?? '';
      const valid = electronic !== '' && isValidIBAN(electronic);
      const parts = valid ? extractIBAN(electronic) : null;
      return {
        iban: electronic,
        valid,
        country: parts?.countryCode ?? null,
        bank_name: valid ? bankOf(electronic) : null,
        reason: valid ? null : 'checksum',
      };
    },

    /** Business name: conflicts with another merchant or another account's application (spec §8 BUSINESS_NAME_CONFLICT). */
    async merchantGroup(accountId: string, businessName: string) {
      if (await repository.businessNameTaken(accountId, businessName))
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
      const known = [account?.phone, application?.data.phone].filter(
        (p): p is string => typeof p === 'string',
      );
      const verified = known.includes(phone);
      return { phone, verified, reason: verified ? null : 'not_on_record' };
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
