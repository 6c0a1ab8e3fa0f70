/**
 * The orders list: a page, its totals, the home's sales and the CSV of every order the filters keep.
 */
import type { Readable } from 'node:stream';
import { spreadsheetPhone, spreadsheetTime } from '../../../domain/csv';
import { minorToDecimal } from '../../../domain/money';
import { PAYMENTS_PAGE_SIZE, type PaymentSort } from '../../../domain/payments';
import type { PaymentFilters, PaymentsPage, PaymentTotals, SalesSummary } from '../../../contract/payments';
import { csvExport } from '../csvExport';
import { decodePageToken, encodePageToken } from '../pageTokens';
import { EXPORT_BATCH, EXPORT_COLUMNS, type ExportWords, type PaymentContext } from './context';

export function listCalls(context: PaymentContext) {
  const { repository, accounts, clock, readable, query, present } = context;
  return {
    async list(
      accountId: string,
      input: PaymentFilters & { sort?: PaymentSort; page_size?: number; page_token?: string },
    ): Promise<PaymentsPage> {
      const filters = await query(input, await readable(accountId));
      const sort = input.sort ?? '-created_at';
      const byAmount = sort === 'amount' || sort === '-amount';
      const size = input.page_size ?? PAYMENTS_PAGE_SIZE;
      const cursor = input.page_token
        ? decodePageToken(input.page_token, byAmount ? 'number' : 'instant')
        : undefined;
      // One more than asked tells whether there is a next page.
      const rows = await repository.list(filters, sort, size + 1, cursor);
      const page = rows.slice(0, size);
      const last = page.at(-1);
      return {
        payments: page.map(present),
        next_page_token:
          rows.length > size && last
            ? encodePageToken(byAmount ? last.amountMinor : last.createdAt.toISOString(), last.id)
            : null,
      };
    },

    async totals(accountId: string, input: PaymentFilters): Promise<PaymentTotals> {
      const rows = await repository.totals(await query(input, await readable(accountId)));
      return {
        totals: rows.map((r) => {
          const [amount, captured, refunded] = [r.amount, r.captured, r.refunded].map((v) =>
            Number(v ?? 0),
          ) as [number, number, number];
          return {
            currency: r.currency,
            count: Number(r.count),
            amount: minorToDecimal(amount, r.currency),
            captured: minorToDecimal(captured, r.currency),
            refunded: minorToDecimal(refunded, r.currency),
            net: minorToDecimal(captured - refunded, r.currency),
          };
        }),
      };
    },

    /**
     * The home's sales: orders placed today and in the last 7 days (today and the 6 days before), in the caller's
     * time zone — a rolling week, the same in every country whatever day its week starts on.
     */
    async sales(accountId: string, offsetMinutes = 0): Promise<SalesSummary> {
      const merchants = await readable(accountId);
      const now = clock.now();
      const local = new Date(now.getTime() + offsetMinutes * 60_000);
      const midnight =
        Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetMinutes * 60_000;
      const todayFrom = new Date(midnight);
      const weekFrom = new Date(midnight - 6 * 24 * 60 * 60_000);
      const rows = await repository.sales(merchants, todayFrom, weekFrom);
      return {
        sales: rows.map((r) => ({
          currency: r.currency,
          today: {
            count: Number(r.todayCount),
            amount: minorToDecimal(Number(r.todayAmount ?? 0), r.currency),
          },
          week: { count: Number(r.weekCount), amount: minorToDecimal(Number(r.weekAmount ?? 0), r.currency) },
        })),
        today_from: todayFrom.toISOString(),
        week_from: weekFrom.toISOString(),
      };
    },

    /**
     * The list's payments as CSV, every page, streamed (never the whole list in memory), in the list's default
     * order (newest first) — written for the merchant's spreadsheet (issue 56): a byte-order mark, headings and
     * words in their language, times in their zone (named in the heading), stores by name, phones as text.
     */
    async export(
      accountId: string,
      input: PaymentFilters,
      reader: { words: ExportWords; timeZone: string },
    ): Promise<Readable> {
      const allowed = await readable(accountId);
      const filters = await query(input, allowed);
      const storeNames = new Map((await accounts.storesOf(allowed)).map((s) => [s.id, s.name]));
      const { words, timeZone } = reader;
      const headings = EXPORT_COLUMNS.map((c) =>
        c === 'placed' ? `${words.csv[c]} (${timeZone})` : words.csv[c],
      );
      // A batch of 2,000 rows is one string (csvExport.ts), so the stream moves batches, not rows.
      return csvExport({
        columns: headings,
        bom: true,
        size: EXPORT_BATCH,
        batch: (cursor: { value: string; id: string } | undefined) =>
          repository.exportBatch(filters, EXPORT_BATCH, cursor),
        cells: (row) => {
          const p = present(row);
          const partly = p.status === 'captured' && row.refundedMinor > 0;
          return [
            p.order_reference,
            spreadsheetTime(row.createdAt, timeZone),
            words.status[partly ? 'partlyRefunded' : p.status] ?? p.status,
            words.product[p.product] ?? p.product,
            storeNames.get(p.store_id) ?? p.store_id,
            p.currency,
            p.amount,
            p.captured,
            p.refunded,
            p.customer_name,
            spreadsheetPhone(p.customer_phone),
            p.id,
          ];
        },
        after: (last) => ({ value: last.createdAt.toISOString(), id: last.id }),
      });
    },
  };
}
