/**
 * One order read and changed: capturing what is authorised, refunding what is captured.
 */
import { currencyDecimals, decimalToMinor, minorToDecimal } from '../../../domain/money';
import { leftToCapture, leftToRefund, paymentStatus, REFUND_REASONS } from '../../../domain/payments';
import type { CaptureBody, PaymentAnswer, RefundBody } from '../../../contract/payments';
import { fieldError, HttpError } from '../../errors';
import type { PaymentRow } from '../../repositories/payments';
import { amounts, type PaymentContext } from './context';

export function changeCalls(context: PaymentContext) {
  const { repository, clock, granted, actorName, detail, own } = context;
  /** An amount in the payment's currency, more than 0 and at most `left` (400 naming `amount` otherwise). */
  function amountOf(text: string, row: PaymentRow, left: number): number {
    const minor = decimalToMinor(text, row.currency);
    const refuse = (
      key: string,
      params: Record<string, unknown> = {},
      message = 'amount: not a valid amount',
    ) => new HttpError(400, message, { '/amount': fieldError(key, params) });
    if (minor === null)
      throw refuse('validation:error.amountDecimals', {
        decimals: currencyDecimals(row.currency),
      });
    if (minor === 0) throw refuse('validation:error.amountPositive');
    if (minor > left)
      throw refuse(
        'validation:error.amountLeft',
        { left: minorToDecimal(left, row.currency), currency: row.currency },
        'amount: more than is left',
      );
    return minor;
  }

  const status = (row: PaymentRow) => paymentStatus(amounts(row));

  /** Captures part or all of what is authorised (needs is_order_creation_allowed). */
  async function capture(accountId: string, id: string, body: CaptureBody): Promise<PaymentAnswer> {
    const row = await own(accountId, id);
    if (!(await granted(accountId, 'is_order_creation_allowed')).includes(row.merchantId))
      throw new HttpError(403, 'forbidden');
    const left = leftToCapture(amounts(row));
    if (left === 0)
      throw new HttpError(409, 'nothing is left to capture', undefined, {
        reason: 'nothing_to_capture',
        payment_status: row.status,
      });
    const amount = amountOf(body.amount, row, left);
    const moved = await repository.capture(row.id, amount, await actorName(accountId), clock.now(), status);
    // Someone else captured meanwhile: what is left is less now.
    if (!moved) return capture(accountId, id, body);
    return { payment: await detail(accountId, moved) };
  }

  /** Refunds part or all of what is captured and not yet refunded (needs is_dispute_refund_allowed). */
  async function refund(accountId: string, id: string, body: RefundBody): Promise<PaymentAnswer> {
    const row = await own(accountId, id);
    if (!(await granted(accountId, 'is_dispute_refund_allowed')).includes(row.merchantId))
      throw new HttpError(403, 'forbidden');
    if (!(REFUND_REASONS as readonly string[]).includes(body.reason))
      throw new HttpError(400, 'reason: not a refund reason', {
        '/reason': fieldError('validation:error.enum', { value: body.reason }),
      });
    const note = body.note?.trim() || null;
    if (body.reason === 'other' && !note)
      throw new HttpError(400, 'note: say why', { '/note': fieldError('validation:error.required') });
    const left = leftToRefund(amounts(row));
    if (left === 0)
      throw new HttpError(409, 'nothing is left to refund', undefined, {
        reason: 'nothing_to_refund',
        payment_status: row.status,
      });
    const amount = amountOf(body.amount, row, left);
    const moved = await repository.refund(
      row.id,
      { amount, reason: body.reason, note, by: await actorName(accountId) },
      clock.now(),
      status,
    );
    // Another refund was recorded meanwhile: check the amount against what is left now.
    if (!moved) return refund(accountId, id, body);
    return { payment: await detail(accountId, moved) };
  }

  return {
    async get(accountId: string, id: string): Promise<PaymentAnswer> {
      return { payment: await detail(accountId, await own(accountId, id)) };
    },

    capture,
    refund,
  };
}
