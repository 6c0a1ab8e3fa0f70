/**
 * One payout: its breakdown and lines, its transactions as CSV, and the payouts an order was paid in.
 */
import { csvLine } from '../../../domain/csv';
import { minorToDecimal } from '../../../domain/money';
import { groupIban, maskIban } from '../../../engine/core/iban';
import type { PaymentPayouts, PayoutAnswer, PayoutLine } from '../../../contract/payouts';
import { notFound } from '../../errors';
import { merchantsWhere } from '../memberships';
import { type PayoutContext, TRANSACTION_COLUMNS } from './context';

export function detailCalls(context: PayoutContext) {
  const { repository, payments, accounts, settleDue, readable, storeNames, present, payoutOf, linesOf } =
    context;
  return {
    async get(accountId: string, id: string): Promise<PayoutAnswer> {
      const { row, names } = await payoutOf(accountId, id);
      const lines = await linesOf(row);
      const money = (minor: number) => minorToDecimal(minor, row.currency);
      return {
        payout: {
          ...present(row, names),
          bank: row.iban
            ? { iban: groupIban(maskIban(row.iban.replace(/\s+/g, ''))), bank_name: row.bankName }
            : null,
          loan_id: row.loanId,
          lines: lines.map((l): PayoutLine => ({
            kind: l.kind,
            id: l.id,
            payment_id: l.paymentId,
            order_reference: l.orderReference,
            customer_name: l.customerName,
            product: l.product,
            at: l.at.toISOString(),
            amount: money(l.amount),
            commission: money(l.commission),
            ...(l.reason ? { reason: l.reason } : {}),
            net: money(l.net),
          })),
        },
      };
    },

    /**
     * A payout's transactions as CSV: its captures and refunds, then its fee and capital repayment as lines of
     * their own, so the `net` column sums to the payout's net (the reconciliation a bookkeeper does).
     */
    async transactions(accountId: string, id: string): Promise<{ csv: string; day: string }> {
      const { row } = await payoutOf(accountId, id);
      const money = (minor: number) => minorToDecimal(minor, row.currency);
      const rows = (await linesOf(row)).map((l) => [
        row.id,
        l.kind === 'refund' && l.reason === 'dispute' ? 'dispute' : l.kind,
        l.id,
        l.paymentId,
        l.orderReference,
        l.at.toISOString(),
        l.product,
        money(l.kind === 'refund' ? -l.amount : l.amount),
        money(-l.commission),
        money(l.net),
        row.currency,
      ]);
      // The payout's own deductions, each a line whose amount and net are the sum taken (no commission).
      const deduction = (kind: string, suffix: string, paymentId: string, minor: number) => {
        if (minor > 0)
          rows.push([
            row.id,
            kind,
            `${row.id}-${suffix}`,
            paymentId,
            '',
            `${row.payoutDay}T00:00:00.000Z`,
            '',
            money(-minor),
            money(0),
            money(-minor),
            row.currency,
          ]);
      };
      // A capital advance paid out is one line: the advance, in whole (docs/capital.md "From approval to money").
      if (row.kind === 'capital_disbursement')
        rows.push([
          row.id,
          'capital_disbursement',
          `${row.id}-advance`,
          row.loanId ?? '',
          '',
          `${row.payoutDay}T00:00:00.000Z`,
          '',
          money(row.grossMinor),
          money(0),
          money(row.netMinor),
          row.currency,
        ]);
      deduction('payout_fee', 'fee', '', row.feeMinor);
      deduction('capital_repayment', 'capital', row.loanId ?? '', row.capitalMinor);
      return { csv: csvLine(TRANSACTION_COLUMNS) + rows.map((r) => csvLine(r)).join(''), day: row.payoutDay };
    },

    /** The payouts a payment of the caller's was paid in (its orders' readers who may see payouts). */
    async ofPayment(accountId: string, paymentId: string): Promise<PaymentPayouts> {
      const allowed = await readable(accountId);
      const viewers = await merchantsWhere(accounts, accountId, 'is_order_view_allowed');
      const payment = await payments.get(
        paymentId,
        allowed.filter((m) => viewers.includes(m)),
      );
      if (!payment) throw notFound();
      await settleDue([payment.merchantId]);
      const { rows, captures, refunds } = await repository.ofPayment(paymentId);
      const names = await storeNames([payment.merchantId]);
      const currency = payment.currency;
      const money = (minor: number) => minorToDecimal(minor, currency);
      let paidOut = 0;
      const list = rows.map((row) => {
        const c = captures.find((x) => x.payoutId === row.id);
        const r = refunds.find((x) => x.payoutId === row.id);
        const captured = Number(c?.amount ?? 0);
        const commission = Number(c?.commission ?? 0);
        const refunded = Number(r?.amount ?? 0);
        paidOut += captured - refunded;
        return {
          ...present(row, names),
          of_payment: {
            captured: money(captured),
            commission: money(commission),
            refunded: money(refunded),
            net: money(captured - commission - refunded),
          },
        };
      });
      return {
        payouts: list,
        currency,
        waiting: money(payment.capturedMinor - payment.refundedMinor - paidOut),
      };
    },
  };
}
