/**
 * Payment links (issue 34; docs/orders.md "Payment links"; src/domain/paymentLinks.ts): a member who may create
 * orders (`is_order_creation_allowed`, canCreatePaymentLinks) sends a customer a link by SMS for an amount and a
 * product of one of the merchant's stores; reads where it stands; cancels it while it is open.
 *
 * Refusals carry the §8 server message as their message (the app words it in both languages) and name the field
 * at fault; anything else wrong with the request is 400 naming its field.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isPhone } from '../../domain/contact';
import { currencyDecimals, decimalToMinor, minorToDecimal } from '../../domain/money';
import {
  isOpenLink,
  LINK_VALID_MS,
  linkLanguage,
  linkLimits,
  linkProblem,
  linkStatus,
  type LinkMessage,
  type LinkStatus,
} from '../../domain/paymentLinks';
import { currencyOfCountry } from '../../domain/stores';
import type {
  CreateLinkBody,
  LinkAnswer,
  LinksPage,
  LinksQuery,
  PaymentLink,
} from '../../contract/paymentLinks';
import type { Clock } from '../clock';
import { fieldError, HttpError, notFound, refuseProblems, type FieldError } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { LinkData, LinkRow, PaymentLinkRepository } from '../repositories/paymentLinks';
import type { OutboxService } from './outbox';
import { actorName, requireMerchants } from './memberships';

/** Where each §8 message points in the form. */
const FIELD: Record<LinkMessage, string> = {
  order_amount_too_high: '/amount',
  order_amount_too_low: '/amount',
  try_installments: '/product',
  no_installments: '/product',
  not_available: '/product',
  'phone number is not unique': '/customer_phone',
};

export interface PaymentLinkDeps {
  repository: PaymentLinkRepository;
  accounts: AccountRepository;
  outbox: OutboxService;
  clock: Clock;
  /** Where the customer's link points (the provider's checkout; the sandbox's in development); null: nowhere. */
  checkoutUrl: ((token: string) => string) | null;
  /** Shared counters (every instance counts together): links sent per member and per merchant. */
  counters: { bump(key: string, now: Date, windowMs: number): Promise<{ count: number }> };
  /** PAYMENT_LINK_HOURLY_LIMIT per member, PAYMENT_LINK_MERCHANT_DAILY_LIMIT per merchant (config.ts). */
  limits: { perMemberHour: number; perMerchantDay: number };
}

export function createPaymentLinkService(deps: PaymentLinkDeps) {
  const context = paymentLinkContext(deps);
  return {
    ...sendCalls(context),
    ...linkCalls(context),
  };
}

/** What the calls share: the merchants the caller sends links of, the flood limits, a link shown. */
function paymentLinkContext(deps: PaymentLinkDeps) {
  const { repository, accounts, outbox, clock } = deps;
  /** The merchants the caller may send links of (403 without any). */
  const creators = (accountId: string) => requireMerchants(accounts, accountId, 'is_order_creation_allowed');

  function present(row: LinkRow, mayCancel: boolean): PaymentLink {
    const money = (minor: number) => minorToDecimal(minor, row.currency);
    const data = row.data as LinkData;
    const status = linkStatus(row.status as LinkStatus, row.sentAt, clock.now());
    return {
      id: row.id,
      merchant_id: row.merchantId,
      store_id: row.storeId,
      status,
      product: row.product,
      currency: row.currency,
      amount: money(row.amountMinor),
      customer_phone: row.customerPhone,
      customer_name: row.customerName,
      order_reference: row.orderReference,
      description: data.description ?? null,
      items: (data.items ?? []).map((i) => ({
        name: i.name,
        quantity: i.quantity,
        unit_price: money(i.unit_price_minor),
      })),
      sent_at: row.sentAt.toISOString(),
      expires_at: new Date(row.sentAt.getTime() + LINK_VALID_MS).toISOString(),
      opened_at: row.openedAt?.toISOString() ?? null,
      paid_at: row.paidAt?.toISOString() ?? null,
      cancelled_at: row.cancelledAt?.toISOString() ?? null,
      can_cancel: mayCancel && isOpenLink(status),
    };
  }

  const refuse = (message: LinkMessage, params: Record<string, unknown> = {}) =>
    new HttpError(400, message, { [FIELD[message]]: fieldError(`orders:linkError.${message}`, params) });

  /**
   * Counts a link about to be sent, for its member (an hour) and its merchant (a day); over either cap, 429 with
   * the limit and its window — and no SMS goes (issue 53, finding 4: SMS with text the sender
   * chose, to any number).
   */
  async function countLink(accountId: string, merchantId: string, now: Date) {
    const caps = [
      {
        key: `links-member:${accountId}`,
        windowMs: 60 * 60_000,
        limit: deps.limits.perMemberHour,
        per: 'hour',
      },
      {
        key: `links-merchant:${merchantId}`,
        windowMs: 24 * 60 * 60_000,
        limit: deps.limits.perMerchantDay,
        per: 'day',
      },
    ] as const;
    for (const cap of caps) {
      const { count } = await deps.counters.bump(cap.key, now, cap.windowMs);
      if (count > cap.limit)
        throw new HttpError(429, 'too many payment links', undefined, { limit: cap.limit, per: cap.per });
    }
  }

  return { deps, repository, accounts, outbox, clock, creators, present, refuse, countLink };
}
type PaymentLinkContext = ReturnType<typeof paymentLinkContext>;

/** Sending a link: checked, counted against the limits, stored, the SMS sent. */
function sendCalls(context: PaymentLinkContext) {
  const { deps, repository, accounts, outbox, clock, creators, present, refuse, countLink } = context;
  return {
    async create(accountId: string, body: CreateLinkBody): Promise<LinkAnswer> {
      const allowed = await creators(accountId);
      // Production without CHECKOUT_URL: a link would send the customer nowhere (config.ts).
      const checkoutUrl = deps.checkoutUrl;
      if (!checkoutUrl) throw new HttpError(503, 'payment links need a checkout (CHECKOUT_URL)');
      const store = (await accounts.storesOf(allowed)).find((s) => s.id === body.store_id);
      const problems: Record<string, FieldError> = {};
      if (!store)
        problems['/store_id'] = fieldError('validation:error.notYourStore', { value: body.store_id });
      const phone = body.customer_phone.replace(/[\s-]/g, '');
      if (!isPhone(phone)) problems['/customer_phone'] = fieldError('validation:error.format.phone');
      const currency = currencyOfCountry(store?.country ?? 'SAU');
      const minor = decimalToMinor(body.amount, currency);
      if (minor === null)
        problems['/amount'] = fieldError('validation:error.amountDecimals', {
          decimals: currencyDecimals(currency),
        });
      else if (minor === 0) problems['/amount'] = fieldError('validation:error.amountPositive');
      // Strict validation (an experiment of the member's): a name, an order number of its own, items adding up.
      const strict = (await accounts.experiments(accountId)).some(
        (e) => e.name === 'strict_paylinks_validation' && e.value === 'enabled',
      );
      const items = body.items ?? [];
      const itemMinors = items.map((i) => decimalToMinor(i.unit_price, currency));
      itemMinors.forEach((m, i) => {
        if (m === null) problems[`/items/${i}/unit_price`] = fieldError('validation:error.amount');
      });
      if (strict) {
        if (!body.customer_name?.trim()) problems['/customer_name'] = fieldError('validation:error.required');
        if (!body.order_reference?.trim())
          problems['/order_reference'] = fieldError('validation:error.required');
        if (items.length === 0) problems['/items'] = fieldError('validation:error.minItems', { limit: 1 });
        else if (minor !== null && itemMinors.every((m) => m !== null)) {
          const sum = itemMinors.reduce<number>((s, m, i) => s + m! * items[i]!.quantity, 0);
          if (sum !== minor)
            problems['/items'] = fieldError('orders:linkError.itemsTotal', {
              total: minorToDecimal(sum, currency),
              currency,
            });
        }
      }
      refuseProblems(problems);
      const amount = minor!;
      const merchantId = store!.merchantId;
      const problem = linkProblem({
        product: body.product,
        amount: amount / 10 ** currencyDecimals(currency),
        currency,
        storeProducts: store!.availableProducts,
      });
      if (problem) {
        const limits = linkLimits(problem === 'try_installments' ? 'pay_later' : body.product, currency);
        throw refuse(problem, { min: String(limits.min), max: String(limits.max), currency });
      }
      const now = clock.now();
      if (
        (await repository.openTo(store!.id, phone, amount, new Date(now.getTime() - LINK_VALID_MS))).length >
        0
      )
        throw refuse('phone number is not unique');
      const reference = body.order_reference?.trim() || `PL-${randomBytes(4).toString('hex').toUpperCase()}`;
      if (strict && (await repository.referenceTaken(merchantId, reference)))
        throw new HttpError(400, 'bad_request: order_reference', {
          '/order_reference': fieldError('orders:linkError.referenceTaken', { value: reference }),
        });
      await countLink(accountId, merchantId, now);
      const token = randomBytes(24).toString('base64url');
      const id = `pay-${randomUUID()}`;
      await repository.insert({
        id,
        merchantId,
        storeId: store!.id,
        status: 'created',
        product: body.product,
        currency,
        amountMinor: amount,
        customerPhone: phone,
        customerName: body.customer_name?.trim() || null,
        orderReference: reference,
        tokenHash: createHash('sha256').update(token).digest('hex'),
        data: {
          ...(body.description?.trim() ? { description: body.description.trim() } : {}),
          items: items.map((item, i) => ({
            name: item.name,
            quantity: item.quantity,
            unit_price_minor: itemMinors[i],
          })),
          sent_by: await actorName(accounts, accountId),
        },
        sentAt: now,
      });
      const url = checkoutUrl(token);
      const lang = linkLanguage(store!.country);
      const total = `${minorToDecimal(amount, currency)} ${currency}`;
      await outbox.send({
        to: phone,
        channel: 'sms',
        subject: lang === 'ar' ? 'رابط الدفع' : 'Your payment link',
        body:
          lang === 'ar'
            ? `${store!.merchantName}: ادفع ${total} للطلب ${reference} عبر هذا الرابط خلال 24 ساعة: ${url}`
            : `${store!.merchantName}: pay ${total} for order ${reference} with this link within 24 hours: ${url}`,
      });
      return { payment_link: present((await repository.get(id, [merchantId]))!, true) };
    },
  };
}

/** The links sent: listed, one read, one cancelled. */
function linkCalls(context: PaymentLinkContext) {
  const { repository, clock, creators, present } = context;
  return {
    /** The links sent from the member's merchants' stores (any sender), newest first: an unpaid one is found again. */
    async list(accountId: string, query: LinksQuery): Promise<LinksPage> {
      const allowed = await creators(accountId);
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? 20;
      const { rows, total } = await repository.list(allowed, {
        ...(query.status ? { status: query.status } : {}),
        since: new Date(clock.now().getTime() - LINK_VALID_MS),
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { payment_links: rows.map((row) => present(row, true)), total, page, page_size: pageSize };
    },

    async get(accountId: string, id: string): Promise<LinkAnswer> {
      const allowed = await creators(accountId);
      const row = await repository.get(id, allowed);
      if (!row) throw notFound('payment link not found');
      return { payment_link: present(row, true) };
    },

    async cancel(accountId: string, id: string): Promise<LinkAnswer> {
      const allowed = await creators(accountId);
      const row = await repository.get(id, allowed);
      if (!row) throw notFound('payment link not found');
      const status = linkStatus(row.status as LinkStatus, row.sentAt, clock.now());
      const cancelled = isOpenLink(status) ? await repository.cancel(id, clock.now()) : undefined;
      if (!cancelled)
        throw new HttpError(409, 'the link is not open', undefined, {
          reason: 'not_open',
          link_status: status,
        });
      return { payment_link: present(cancelled, true) };
    },
  };
}

export type PaymentLinkService = ReturnType<typeof createPaymentLinkService>;
