/**
 * A loan's weeks (capital spec §2 Loan detail, §4): the week bar with its seven colours, and its legend. What each
 * shows comes from src/domain/capital/loans.ts.
 *
 * RTL: the week bar is a flex row, so in Arabic week 1 sits on the right and the weeks run right to left.
 */
import { Group, Stack, Text, Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { legend, type LegendEntry, type WeekSlot, type WeekStatus } from '../../../../domain/capital/loans';

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
