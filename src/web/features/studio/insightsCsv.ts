/**
 * The studio's insights as a CSV file (docs/form-insights.md): one row per step of each version shown, then one
 * row per field whose messages merchants met — the figures the page shows, for a spreadsheet. Every cell through
 * domain/csv.ts (quoted, never a formula), with Excel's byte-order mark.
 */
import { CSV_BOM, csvLine } from '../../../domain/csv';
import type { Insights } from '../../../contract/formInsights';

export const INSIGHTS_CSV_HEADER = [
  'section',
  'version',
  'step',
  'field',
  'rule',
  'message',
  'started',
  'submitted',
  'reached',
  'reached_share',
  'completed',
  'left',
  'abandoned',
  'median_seconds',
  'p90_seconds',
  'messages_shown',
  'drafts',
] as const;

/** @param language - the language the messages' words are written in */
export function insightsCsv(insights: Insights, language: 'en' | 'ar'): string {
  const versions = [insights.current, ...(insights.against ? [insights.against] : [])];
  const row = (values: Partial<Record<(typeof INSIGHTS_CSV_HEADER)[number], unknown>>) =>
    csvLine(INSIGHTS_CSV_HEADER.map((column) => values[column] ?? ''));
  let csv = CSV_BOM + csvLine(INSIGHTS_CSV_HEADER);
  for (const v of versions) {
    csv += row({
      section: 'version',
      version: v.version,
      started: v.started,
      submitted: v.submitted,
      abandoned: v.abandoned,
    });
    for (const s of v.steps)
      csv += row({
        section: 'step',
        version: v.version,
        step: s.step,
        reached: s.reached,
        reached_share: s.reached_share,
        completed: s.completed,
        left: s.left,
        abandoned: s.abandoned,
        median_seconds: s.median_seconds,
        p90_seconds: s.p90_seconds,
      });
    for (const f of v.fields)
      csv += row({
        section: 'field',
        version: v.version,
        step: f.step,
        field: f.field,
        rule: f.rule,
        message: f.text[language],
        messages_shown: f.shown,
        drafts: f.drafts,
      });
  }
  return csv;
}
