/**
 * The sandbox checkout of payment links (docs/orders.md "Payment links"): what the provider's checkout does when
 * a customer follows the link of the SMS — ours, labelled "sandbox", reached only where no real checkout is
 * configured (CHECKOUT_URL) and never in production. Opening a sent link makes it `opened`; paying an open one
 * makes it `paid` and writes its order (status `new`: authorised, not yet captured, as the provider's checkout
 * reports it), whose payment id is the link's — so the link's status page opens the order it became.
 *
 * The customer has no session: the link's token (192 random bits, kept only as its SHA-256) is the whole
 * credential, as in the SMS.
 */
import { createHash } from 'node:crypto';
import { minorToDecimal } from '../../domain/money';
import { LINK_VALID_MS, linkStatus, type LinkStatus } from '../../domain/paymentLinks';
import type { Clock } from '../clock';
import { fieldError, HttpError, notFound } from '../errors';
import type { AccountRepository } from '../repositories/account';
import type { LinkData, LinkRow, PaymentLinkRepository } from '../repositories/paymentLinks';

/** What the checkout page shows of a link. */
export interface CheckoutView {
  status: LinkStatus;
  merchantName: string;
  storeCountry: string;
  product: string;
  currency: string;
  amount: string;
  orderReference: string;
  items: { name: string; quantity: number; unitPrice: string }[];
  expiresAt: Date;
  /** Whether the page asks the customer's name (the merchant gave none). */
  asksName: boolean;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createCheckoutService(deps: {
  repository: PaymentLinkRepository;
  accounts: AccountRepository;
  clock: Clock;
}) {
  const { repository, accounts, clock } = deps;

  async function linkOf(token: string): Promise<LinkRow> {
    // A token is base64url of 24 bytes: anything else is no link, without a lookup.
    const row = /^[A-Za-z0-9_-]{32}$/.test(token) ? await repository.byToken(hashOf(token)) : undefined;
    if (!row) throw notFound('payment link not found');
    return row;
  }

  async function view(row: LinkRow): Promise<CheckoutView> {
    const store = (await accounts.storesOf([row.merchantId])).find((s) => s.id === row.storeId);
    const data = row.data as LinkData;
    const money = (minor: number) => minorToDecimal(minor, row.currency);
    return {
      status: linkStatus(row.status as LinkStatus, row.sentAt, clock.now()),
      merchantName: store?.merchantName ?? '',
      storeCountry: store?.country ?? 'SAU',
      product: row.product,
      currency: row.currency,
      amount: money(row.amountMinor),
      orderReference: row.orderReference,
      items: (data.items ?? []).map((i) => ({
        name: i.name,
        quantity: i.quantity,
        unitPrice: money(i.unit_price_minor),
      })),
      expiresAt: new Date(row.sentAt.getTime() + LINK_VALID_MS),
      asksName: !row.customerName,
    };
  }

  return {
    /** The customer opens the link: a sent one becomes `opened`. */
    async open(token: string): Promise<CheckoutView> {
      const row = await linkOf(token);
      if (linkStatus(row.status as LinkStatus, row.sentAt, clock.now()) === 'created') {
        await repository.markOpened(row.id, clock.now());
        return view({ ...row, status: 'opened', openedAt: clock.now() });
      }
      return view(row);
    },

    /**
     * The customer pays: the link is `paid` and its order written (the page then reads it again, as `open`); 409
     * with where it stands when it is not open.
     * @param customerName - the name the customer gives at checkout, needed when the merchant gave none
     */
    async pay(token: string, customerName?: string): Promise<void> {
      const row = await linkOf(token);
      const now = clock.now();
      const name = row.customerName ?? customerName?.trim().slice(0, 120);
      if (!name)
        throw new HttpError(400, 'bad_request: customer_name', {
          '/customer_name': fieldError('validation:error.required'),
        });
      const data = row.data as LinkData;
      const paid = await repository.pay(row.id, now, new Date(now.getTime() - LINK_VALID_MS), {
        merchantId: row.merchantId,
        storeId: row.storeId,
        orderReference: row.orderReference,
        status: 'new',
        product: row.product,
        currency: row.currency,
        amountMinor: row.amountMinor,
        customerName: name,
        customerPhone: row.customerPhone,
        data: {
          items: (data.items?.length
            ? data.items
            : [{ name: row.orderReference, quantity: 1, unit_price_minor: row.amountMinor }]
          ).map((i) => ({ name: i.name, quantity: i.quantity, unit_price_minor: i.unit_price_minor })),
          payment_link_id: row.id,
        },
        createdAt: now,
        updatedAt: now,
      });
      if (!paid) {
        const status = linkStatus(row.status as LinkStatus, row.sentAt, now);
        throw new HttpError(409, 'the link is not open', undefined, {
          reason: 'not_open',
          link_status: status,
        });
      }
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
