/**
 * A loan's repayments (capital spec §2 Loan detail, §9): amounts isolated left to right (`dir="ltr"` spans).
 */
import { Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { capitalDate, money, type Lang } from '../../../../domain/capital/format';
import { useState } from 'react';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import {
  REPAYMENT_COLUMNS,
  repaymentCell,
  sortRepayments,
  type RepaymentColumn,
} from '../../../../domain/capital/loans';
import type { Loan } from '../../../../domain/capital/types';

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
