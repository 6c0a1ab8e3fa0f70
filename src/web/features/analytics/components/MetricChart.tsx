/**
 * The chosen figure by period, this period beside the previous one (a dashed line), with `@mantine/charts`. In
 * Arabic time runs right to left (the axis reversed, the values' axis on the right) and numbers stay left to right.
 * The chart is a picture for the eye: the table under it (PeriodTable) says the same for everyone, screen readers
 * included.
 */
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { daysIn, type Metric } from '../../../../domain/analytics';
import { langOf } from '../../../components/listText';
import type { AnalyticsAnswer } from '../api';
import { showPeriod, showTick, showValue, valueOf } from '../format';

export function MetricChart(props: { answer: AnalyticsAnswer; metric: Metric }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = langOf(i18n.language);
  const rtl = i18n.dir() === 'rtl';
  const { answer, metric } = props;
  // A period cut by the range's ends is labelled with its days (issue 56: a "month" of one day drawn as a month).
  const data = answer.series.map((p) => ({
    period: p.partial
      ? `${showPeriod(p.start, answer.granularity, lang)} (${t('table.partial', { count: daysIn(p.from, p.to) })})`
      : showPeriod(p.start, answer.granularity, lang),
    current: valueOf(p.current, metric),
    previous: valueOf(p.previous, metric),
  }));
  return (
    <Paper withBorder p="md" mb="md" data-testid="analytics-chart">
      <LineChart
        h={280}
        data={data}
        dataKey="period"
        aria-hidden
        // Hidden from assistive technology, so nothing in it takes the focus: the table under it is for everyone.
        accessibilityLayer={false}
        series={[
          { name: 'current', label: t('current'), color: 'teal.7' },
          { name: 'previous', label: t('previous'), color: 'gray.5', strokeDasharray: '5 5' },
        ]}
        curveType="monotone"
        withDots={data.length <= 31}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        xAxisProps={{ reversed: rtl, minTickGap: 16 }}
        yAxisProps={{ orientation: rtl ? 'right' : 'left', tickFormatter: showTick, width: 48 }}
        valueFormatter={(value) => showValue(value, metric, answer.currency, lang)}
        tooltipAnimationDuration={0}
      />
    </Paper>
  );
}
