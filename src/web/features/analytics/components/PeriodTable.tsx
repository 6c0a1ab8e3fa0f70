/**
 * The chart's figures as a table (for everyone, and for screen readers, which the chart is hidden from): a row a
 * period, this period's value, the previous period's with its days, the change. A period cut by the range's ends
 * says how many days it holds (issue 56: a "month" of one day). A long range scrolls inside its box.
 */
import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { daysIn, type Metric } from '../../../../domain/analytics';
import { langOf } from '../../../components/listText';
import type { AnalyticsAnswer } from '../api';
import { showChange, showPeriod, showRange, showValue, valueOf } from '../format';

export function PeriodTable(props: { answer: AnalyticsAnswer; metric: Metric }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = langOf(i18n.language);
  const { answer, metric } = props;
  const caption = t('table.title', { metric: t(`metric.${metric}`) });
  return (
    <ScrollArea.Autosize
      mah={360}
      mb="lg"
      type="auto"
      // A box that scrolls is reached with the keyboard too.
      viewportProps={{ tabIndex: 0, 'aria-label': caption }}
    >
      <Table striped stickyHeader data-testid="analytics-table" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={110}>{t('table.period')}</Table.Th>
            <Table.Th>{t('table.current')}</Table.Th>
            <Table.Th>{t('table.previous')}</Table.Th>
            <Table.Th>{t('table.change')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.series.map((p) => {
            const current = valueOf(p.current, metric);
            const previous = valueOf(p.previous, metric);
            return (
              <Table.Tr key={p.start} data-period={p.start}>
                <Table.Td>
                  <bdi>{showPeriod(p.start, answer.granularity, lang)}</bdi>
                  {p.partial && (
                    <Text size="xs" c="orange.9" title={t('table.partialHint')} data-partial>
                      {t('table.partial', { count: daysIn(p.from, p.to) })}
                      <br />
                      {showRange(p.from, p.to, lang)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{showValue(current, metric, answer.currency, lang)}</bdi>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" span>
                    <bdi dir="ltr">{showValue(previous, metric, answer.currency, lang)}</bdi>
                  </Text>
                  <Text size="xs" c="dimmed" data-previous-days>
                    {showRange(p.previous_from, p.previous_to, lang)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{showChange(current, previous) ?? '—'}</bdi>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
