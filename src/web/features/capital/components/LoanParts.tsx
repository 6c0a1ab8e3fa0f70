/**
 * The pieces of a loan's page (capital spec §2 Loan detail, §4): the week bar with its seven colours, the legend,
 * the progress bar, and the sortable repayment table. What each shows comes from src/domain/capital/loans.ts.
 *
 * RTL: the week bar is a flex row, so in Arabic week 1 sits on the right and the weeks run right to left;
 * amounts are isolated left to right (`dir="ltr"` spans) so digits and currency codes never reorder.
 */
import { useState } from 'react';
import { Box, Group, Progress, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  legend,
  progress,
  REPAYMENT_COLUMNS,
  repaymentCell,
  sortRepayments,
  type LegendEntry,
  type RepaymentColumn,
  type WeekSlot,
  type WeekStatus,
} from '../../../../domain/capital/loans';
import { capitalDate, money, type Lang } from '../../../../domain/capital/format';
import type { Loan } from '../../../../domain/capital/types';

/** §4: a colour per week status (Mantine palette names). */
export const WEEK_COLOURS: Record<WeekStatus, string> = {
  early_payoff: 'var(--mantine-color-violet-5)',
  paying: 'var(--mantine-color-gray-3)',
  paid: 'var(--mantine-color-teal-6)',
  // §4: "overdue warning (looks paid)" — the colour of paid, so the legend's "Repaid" explains it (issue 32: lime
  // was a colour the legend never named). Its own status stays in data-status and the week's label.
  overdue_warning: 'var(--mantine-color-teal-6)',
  overdue_critical: 'var(--mantine-color-red-6)',
  pending: 'var(--mantine-color-yellow-5)',
  failed: 'var(--mantine-color-red-9)',
};
const LEGEND_COLOURS: Record<LegendEntry, string> = {
  to_pay: WEEK_COLOURS.paying,
  repaid: WEEK_COLOURS.paid,
  overdue: WEEK_COLOURS.overdue_critical,
  early_payoff: WEEK_COLOURS.early_payoff,
};

export function Money(props: { amount: number; currency: string; whole?: boolean; fw?: number }) {
  const { i18n } = useTranslation();
  return (
    <Text span inherit dir="ltr" fw={props.fw} style={{ unicodeBidi: 'isolate' }}>
      {money(props.amount, props.currency, i18n.language as Lang, { whole: props.whole })}
    </Text>
  );
}

export function WeekBar(props: { slots: WeekSlot[] }) {
  const { t } = useTranslation('capital');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t('loan.weeks')}
      </Text>
      <Group gap={4} wrap="nowrap" role="list" aria-label={t('loan.weeks')} data-testid="week-bar">
        {props.slots.map((slot) => (
          <Box
            key={slot.week}
            role="listitem"
            data-status={slot.status}
            aria-label={t('loan.week', { week: slot.week, status: t(`week.${slot.status}`) })}
            title={t('loan.week', { week: slot.week, status: t(`week.${slot.status}`) })}
            style={{
              flex: 1,
              minWidth: 4,
              height: 14,
              borderRadius: 4,
              background: WEEK_COLOURS[slot.status],
            }}
          />
        ))}
      </Group>
    </Stack>
  );
}

export function Legend(props: { slots: WeekSlot[] }) {
  const { t } = useTranslation('capital');
  return (
    <Group gap="md" data-testid="legend">
      {legend(props.slots).map((entry) => (
        <Group key={entry} gap={6} wrap="nowrap" data-entry={entry}>
          <Box w={10} h={10} style={{ borderRadius: 3, background: LEGEND_COLOURS[entry] }} aria-hidden />
          <Text size="sm">{t(`legend.${entry}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}

export function LoanProgress(props: { loan: Pick<Loan, 'paid_amount' | 'amount_vat'> }) {
  const { t } = useTranslation('capital');
  const percent = progress(props.loan);
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        color="teal"
        size="lg"
        radius="xl"
        aria-label={t('loan.progress', { percent })}
      />
      <Text size="sm" c="dimmed" data-testid="progress">
        {t('loan.progress', { percent })}
      </Text>
    </Stack>
  );
}

/** The repayment history (§9): five sortable columns, date descending by default. */
export function RepaymentTable(props: { loan: Loan }) {
  const { t, i18n } = useTranslation('capital');
  const lang = i18n.language as Lang;
  const [sort, setSort] = useState<{ column: RepaymentColumn; direction: 'asc' | 'desc' }>({
    column: 'date',
    direction: 'desc',
  });
  const rows = sortRepayments(props.loan.repayments, sort.column, sort.direction);
  const now = new Date();
  const cell = (value: string | number | null, column: RepaymentColumn, earlyPayoff: boolean) => {
    if (value === null) return '—';
    if (column === 'date') return capitalDate(String(value), now, lang);
    if (column === 'directDebitStatus') return t(`table.dd.${String(value)}`);
    const text = money(Number(value), props.loan.currency, lang);
    return (
      <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
        {text}
        {earlyPayoff && column === 'repaymentAmount' ? ` · ${t('table.earlyPayoff')}` : ''}
      </span>
    );
  };
  const toggle = (column: RepaymentColumn) =>
    setSort((s) =>
      s.column === column
        ? { column, direction: s.direction === 'desc' ? 'asc' : 'desc' }
        : { column, direction: 'desc' },
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover data-testid="repayments">
        <Table.Thead>
          <Table.Tr>
            {REPAYMENT_COLUMNS.map((column) => {
              const active = sort.column === column;
              const Icon = !active ? IconSelector : sort.direction === 'desc' ? IconArrowDown : IconArrowUp;
              return (
                <Table.Th
                  key={column}
                  aria-sort={active ? (sort.direction === 'desc' ? 'descending' : 'ascending') : 'none'}
                >
                  <UnstyledButton onClick={() => toggle(column)} data-column={column}>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {t(`table.${column}`)}
                      </Text>
                      <Icon size={14} aria-hidden />
                      <VisuallyHidden>{t('table.sortBy', { column: t(`table.${column}`) })}</VisuallyHidden>
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-date={r.date}>
              {REPAYMENT_COLUMNS.map((column) => (
                <Table.Td key={column}>
                  {cell(repaymentCell(r, column), column, r.repayment_type === 'early_pay_off')}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
