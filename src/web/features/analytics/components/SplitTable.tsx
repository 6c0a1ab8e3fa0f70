/**
 * The range's figures split by store or by payment product: a row each, largest GMV first — the shared list's
 * table on a desktop, a card a row on a phone (issue 56: at 375 px the table lost half its columns off screen).
 */
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { langOf } from '../../../components/listText';
import { ResponsiveList, type ListColumn } from '../../../components/ResponsiveList';
import type { Figures } from '../api';
import { showValue } from '../format';

type SplitRow = Figures & { key: string; name: string };

/** The rows are the page's answer, already here: never loading, never failed. */
const ANSWERED = { isPending: false, isError: false, refetch: () => undefined };

export function SplitTable(props: {
  title: string;
  nameHeader: string;
  rows: SplitRow[];
  currency: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation('analytics');
  const lang = langOf(i18n.language);
  const money = (value: string) => (
    <bdi dir="ltr">{showValue(Number(value), 'gmv', props.currency, lang)}</bdi>
  );
  const columns: ListColumn<SplitRow>[] = [
    { header: props.nameHeader, maw: 260, cell: (r) => <bdi>{r.name}</bdi> },
    { header: t('column.orders'), cell: (r) => <bdi dir="ltr">{r.orders.toLocaleString('en-GB')}</bdi> },
    { header: t('column.gmv'), cell: (r) => money(r.gmv) },
    { header: t('column.aov'), cell: (r) => money(r.aov) },
    { header: t('column.refunds'), cell: (r) => money(r.refunds) },
    { header: t('column.net_sales'), cell: (r) => money(r.net_sales) },
  ];
  return (
    <>
      <Title order={2} size="h4" mb="xs">
        {props.title}
      </Title>
      <div style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
        <ResponsiveList
          name={props.testId}
          query={ANSWERED}
          rows={props.rows}
          look={{
            columns,
            minWidth: 640,
            highlight: false,
            key: (r) => r.key,
            skeleton: { rows: 2, height: 44 },
          }}
          loadFailed={t('loadFailed')}
          empty={{ title: t('empty.title') }}
        />
      </div>
    </>
  );
}
