/**
 * The loan's week bar and its legend (capital spec §4): an overdue-warning week "looks paid" — drawn in the colour
 * the legend calls Repaid (issue 32: it was lime, a colour the legend never named) — and each colour on the bar is
 * one the legend explains.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import capital from '../../locales/en/capital.json';
import { Legend, WeekBar } from '../../src/web/features/capital/components/WeekBar';
import type { WeekSlot } from '../../src/domain/capital/loans';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', ns: ['capital'], defaultNS: 'capital', resources: { en: { capital } } });

const slots: WeekSlot[] = [
  { week: 1, status: 'paid', repayment: null },
  { week: 2, status: 'overdue_warning', repayment: null },
  { week: 3, status: 'overdue_critical', repayment: null },
  { week: 4, status: 'paying', repayment: null },
];

describe('the week bar', () => {
  it('draws an overdue-warning week as paid, and uses no colour its legend does not name', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider env="test">
          <WeekBar slots={slots} />
          <Legend slots={slots} />
        </MantineProvider>
      </I18nextProvider>,
    );
    const colour = (status: string) =>
      (screen.getByTestId('week-bar').querySelector(`[data-status="${status}"]`) as HTMLElement).style
        .background;
    expect(colour('overdue_warning')).toBe(colour('paid'));
    expect(screen.getByRole('listitem', { name: 'Week 2: Repaid, above the rate' })).toBeTruthy();
    const legendColours = [...screen.getByTestId('legend').querySelectorAll('[data-entry] > div')].map(
      (swatch) => (swatch as HTMLElement).style.background,
    );
    for (const slot of slots) expect(legendColours).toContain(colour(slot.status));
  });
});
