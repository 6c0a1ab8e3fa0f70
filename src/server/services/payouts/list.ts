/**
 * The payouts list: a page, its totals, and the CSV of every payout the filters keep.
 */
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { csvLine } from '../../../domain/csv';
import { minorToDecimal } from '../../../domain/money';
import { PAYOUTS_PAGE_SIZE } from '../../../domain/payouts';
import type { PayoutFilters, PayoutsPage, PayoutsQuery, PayoutTotals } from '../../../contract/payouts';
import { decodePageToken, encodePageToken } from '../pageTokens';
import { type PayoutContext, PAYOUT_EXPORT_COLUMNS } from './context';

export function listCalls(context: PayoutContext) {
  const { repository, settleDue, readable, storeNames, present, query } = context;
  return {
    settleDue,

    async list(accountId: string, input: PayoutsQuery): Promise<PayoutsPage> {
      const filters = await query(input, await readable(accountId));
      const size = input.page_size ?? PAYOUTS_PAGE_SIZE;
      const cursor = input.page_token ? decodePageToken(input.page_token, 'instant') : undefined;
      const rows = await repository.list(
        filters,
        size + 1,
        cursor ? { day: String(cursor.value).slice(0, 10), id: cursor.id } : undefined,
      );
      const names = await storeNames(filters.merchantIds);
      const page = rows.slice(0, size);
      return {
        payouts: page.map((r) => present(r, names)),
        next_page_token: rows.length > size ? encodePageToken(page.at(-1)!.payoutDay, page.at(-1)!.id) : null,
      };
    },

    async totals(accountId: string, input: PayoutFilters): Promise<PayoutTotals> {
      const filters = await query(input, await readable(accountId));
      const rows = await repository.totals(filters);
      return {
        totals: rows.map((r) => ({
          currency: r.currency,
          count: Number(r.count),
          gross: minorToDecimal(Number(r.gross ?? 0), r.currency),
          deductions: minorToDecimal(Number(r.deductions ?? 0), r.currency),
          net: minorToDecimal(Number(r.net ?? 0), r.currency),
        })),
      };
    },

    /** The filtered payouts as CSV, newest first (every page). */
    async export(accountId: string, input: PayoutFilters): Promise<Readable> {
      const filters = await query(input, await readable(accountId));
      const names = await storeNames(filters.merchantIds);
      async function* lines() {
        yield csvLine(PAYOUT_EXPORT_COLUMNS);
        let cursor: { day: string; id: string } | undefined;
        for (;;) {
          const rows = await repository.list(filters, 1000, cursor);
          yield rows
            .map((r) => {
              const payout = present(r, names);
              return csvLine(PAYOUT_EXPORT_COLUMNS.map((c) => payout[c]));
            })
            .join('');
          if (rows.length < 1000) return;
          cursor = { day: rows.at(-1)!.payoutDay, id: rows.at(-1)!.id };
        }
      }
      return ReadableStream.from(lines());
    },
  };
}
