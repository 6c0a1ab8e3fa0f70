/**
 * The five figures of the range as tabs (GMV, AOV, orders, refunds, net sales): each its total, and its change on
 * the previous period; the chosen one is the chart's. Choosing one changes the address (`analytics/{country}/{metric}`).
 */
import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { METRICS, type Metric } from '../../../../domain/analytics';
import { langOf } from '../../../components/listText';
import type { AnalyticsAnswer } from '../api';
import { showChange, showValue, valueOf } from '../format';

export function MetricTabs(props: {
  answer: AnalyticsAnswer;
  metric: Metric;
  onChoose: (metric: Metric) => void;
}) {
  const { t, i18n } = useTranslation('analytics');
  const lang = langOf(i18n.language);
  const { totals, currency } = props.answer;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" mb="md" role="tablist" aria-label={t('title')}>
      {METRICS.map((metric) => {
        const current = valueOf(totals.current, metric);
        const previous = valueOf(totals.previous, metric);
        const changed = showChange(current, previous);
        const chosen = metric === props.metric;
        // Fewer refunds is the good direction.
        const good = metric === 'refunds' ? current <= previous : current >= previous;
        return (
          <UnstyledButton
            key={metric}
            role="tab"
            aria-selected={chosen}
            onClick={() => props.onChoose(metric)}
            data-testid={`metric-${metric}`}
          >
            <Paper
              withBorder
              p="sm"
              h="100%"
              style={
                chosen ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
              }
            >
              <Text size="xs" c="dimmed">
                {t(`metric.${metric}`)}
              </Text>
              {/* A step smaller on a phone: "879,455.00 SAR" in half of 375 px ran past its box. */}
              <Text fw={700} fz={{ base: 'md', sm: 'lg' }}>
                <bdi dir="ltr">{showValue(current, metric, currency, lang)}</bdi>
              </Text>
              <Text size="xs" c={changed === null ? 'dimmed' : good ? 'teal.9' : 'red.9'}>
                {changed === null ? t('noChange') : <bdi dir="ltr">{changed}</bdi>}
              </Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
