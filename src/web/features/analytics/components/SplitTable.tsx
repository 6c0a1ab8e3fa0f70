/** The range's figures split by store or by payment product: a row each, largest GMV first. */
import { Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { langOf } from '../../../components/listText';
import type { Figures } from '../api';
import { showValue } from '../format';

export function SplitTable(props: {
  title: string;
  nameHeader: string;
  rows: (Figures & { key: string; name: string })[];
  currency: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation('analytics');
  const lang = langOf(i18n.language);
  const money = (value: string) => (
    <bdi dir="ltr">{showValue(Number(value), 'gmv', props.currency, lang)}</bdi>
  );
  return (
    <>
      <Title order={2} size="h4" mb="xs">
        {props.title}
      </Title>
      <Table.ScrollContainer minWidth={640} mb="lg">
        <Table data-testid={props.testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{props.nameHeader}</Table.Th>
              <Table.Th>{t('column.orders')}</Table.Th>
              <Table.Th>{t('column.gmv')}</Table.Th>
              <Table.Th>{t('column.aov')}</Table.Th>
              <Table.Th>{t('column.refunds')}</Table.Th>
              <Table.Th>{t('column.net_sales')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>
                  <bdi>{r.name}</bdi>
                </Table.Td>
                <Table.Td>
                  <bdi dir="ltr">{r.orders.toLocaleString('en-GB')}</bdi>
                </Table.Td>
                <Table.Td>{money(r.gmv)}</Table.Td>
                <Table.Td>{money(r.aov)}</Table.Td>
                <Table.Td>{money(r.refunds)}</Table.Td>
                <Table.Td>{money(r.net_sales)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
