/**
 * A loan on the loans list (capital spec §2 Loans list).
 */
import { Alert, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { directDebitNotice, loanTitle } from '../../../../domain/capital/loans';
import { capitalDate, type Lang } from '../../../../domain/capital/format';
import { useCapitalBase, type LoanView } from '../api';
import { Money } from './Money';
import { LoanProgress } from './LoanProgress';
import { StatusBadge } from './StatusBadge';

export function LoanCard(props: { loan: LoanView }) {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const loan = props.loan;
  const title = loanTitle(loan);
  const notice = directDebitNotice(loan);
  return (
    <Card withBorder radius="lg" padding="lg" data-loan={loan.id}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={700} lineClamp={2} style={{ minWidth: 0 }}>
          {title.kind === 'early_payoff' ? t('crumb.earlyPayoff') : title.name}
        </Text>
        <StatusBadge status={loan.status} />
      </Group>
      <SimpleGrid cols={2} mb="sm">
        <div>
          <Text size="xs" c="dimmed">
            {t('loans.outstanding')}
          </Text>
          <Text fw={600}>
            <Money amount={Math.max(0, loan.amount_vat - loan.paid_amount)} currency={loan.currency} />
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('loans.repaid')}
          </Text>
          <Text fw={600}>
            <Money amount={loan.paid_amount} currency={loan.currency} />
          </Text>
        </div>
      </SimpleGrid>
      <LoanProgress loan={loan} />
      {notice && (
        <Alert mt="sm" variant="light" color="blue" icon={<IconInfoCircle size={18} />} data-notice={notice}>
          {t(`notice.${notice}`)}
        </Alert>
      )}
      <Group justify="space-between" mt="md">
        <Text size="xs" c="dimmed">
          {loan.applied_at
            ? t('loans.appliedOn', { date: capitalDate(loan.applied_at, new Date(), i18n.language as Lang) })
            : ''}
        </Text>
        <Button variant="light" size="xs" component={Link} to={`${base}/loans/${loan.id}`}>
          {t('loans.view')}
        </Button>
      </Group>
    </Card>
  );
}
