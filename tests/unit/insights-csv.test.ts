/** The studio's insights as CSV (src/web/features/studio/insightsCsv.ts): what the page shows, safe in a spreadsheet. */
import { describe, expect, it } from 'vitest';
import { INSIGHTS_CSV_HEADER, insightsCsv } from '../../src/web/features/studio/insightsCsv';
import type { Insights, VersionInsights } from '../../src/contract/formInsights';

const version = (id: string, started: number): VersionInsights => ({
  flow: 'onboarding',
  version: id,
  started,
  submitted: 2,
  abandoned: 1,
  completion_rate: 2 / started,
  steps: [
    {
      step: 'basic-info',
      reached: started,
      reached_share: 1,
      completed: 3,
      left: 1,
      abandoned: 1,
      median_seconds: 60,
      p90_seconds: null,
    },
  ],
  fields: [
    {
      step: 'basic-info',
      field: '/email',
      rule: 'validation:error.pattern',
      text: { en: '=HYPERLINK("x")', ar: 'تحقق من الصيغة' },
      shown: 5,
      drafts: 4,
    },
  ],
  groups: [],
});

describe('insights as CSV', () => {
  it('writes each version’s totals, steps and fields under one header, every cell quoted and never a formula', () => {
    const insights: Insights = {
      current: version('a'.repeat(64), 4),
      against: version('b'.repeat(64), 8),
      comparison: null,
    };
    const lines = insightsCsv(insights, 'en').split('\n');
    expect(lines[0]!.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]!.slice(1)).toBe(INSIGHTS_CSV_HEADER.map((h) => `"${h}"`).join(','));
    // Two versions, each a totals row, a step and a field; then the file's last newline.
    expect(lines).toHaveLength(1 + 2 * 3 + 1);
    const cells = (line: string) => line.slice(1, -1).split('","');
    const column = (name: (typeof INSIGHTS_CSV_HEADER)[number]) => INSIGHTS_CSV_HEADER.indexOf(name);
    expect(cells(lines[1]!)[column('started')]).toBe('4');
    expect(cells(lines[4]!)[column('version')]).toBe('b'.repeat(64));
    const step = cells(lines[2]!);
    expect(step[column('reached_share')]).toBe('1');
    expect(step[column('p90_seconds')]).toBe('');
    const field = cells(lines[3]!);
    expect(field[column('message')]).toBe(`'=HYPERLINK(""x"")`);
    expect(cells(insightsCsv(insights, 'ar').split('\n')[3]!)[column('message')]).toBe('تحقق من الصيغة');
  });
});
