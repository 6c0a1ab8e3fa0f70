/**
 * A payout's breakdown (docs/payouts.md): gross, less refunds, lost disputes, commissions, the payout fee and a
 * capital repayment, equals the net. A deduction is written with its minus sign; a line that is zero is left out,
 * except gross and net.
 */
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Breakdown } from '../../../../contract/payouts';
import { Money } from '../../../components/Money';

const DEDUCTIONS = ['refunds', 'disputes', 'commissions', 'fee', 'capital'] as const;

export function BreakdownTable(props: { breakdown: Breakdown; currency: string; testId: string }) {
  const { t } = useTranslation('payouts');
  const b = props.breakdown;
  const row = (key: string, amount: string, sign: '' | '−', strong = false) => (
    <Table.Tr key={key} data-line={key}>
      <Table.Td>
        <Text size="sm" fw={strong ? 700 : undefined}>
          {t(`breakdown.${key}`)}
        </Text>
      </Table.Td>
      <Table.Td ta="end">
        <Text size="sm" fw={strong ? 700 : undefined} span>
          <bdi dir="ltr">
            {sign}
            <Money amount={amount} currency={props.currency} />
          </bdi>
        </Text>
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Table data-testid={props.testId} verticalSpacing={6}>
      <Table.Tbody>
        {row('gross', b.gross, '')}
        {DEDUCTIONS.filter((key) => Number(b[key]) !== 0).map((key) => row(key, b[key], '−'))}
        {row('net', b.net, '', true)}
      </Table.Tbody>
    </Table>
  );
}
