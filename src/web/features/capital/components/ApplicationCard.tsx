/**
 * An application on the loans list (capital spec §2 Loans list, §3 Application record on the list).
 */
import { Button, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type ListItem } from '../../../../domain/capital/loans';
import { capitalDate, type Lang } from '../../../../domain/capital/format';
import { useCapitalBase } from '../api';
import { Money } from './Money';
import { StatusBadge } from './StatusBadge';

export function ApplicationCard(props: { item: Extract<ListItem, { kind: 'application' }> }) {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const r = props.item.record;
  return (
    <Card withBorder radius="lg" padding="lg" data-application={r.application.application_id}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Text fw={700} lineClamp={2} style={{ minWidth: 0 }}>
          {r.sign_authority?.legal_name || t('loans.application')}
        </Text>
        <StatusBadge status={r.application.status} />
      </Group>
      <Text fw={600}>
        <Money amount={r.offer.amount_vat} currency={r.offer.currency} />
      </Text>
      <Group justify="space-between" mt="md">
        <Text size="xs" c="dimmed">
          {t('loans.appliedOn', {
            date: capitalDate(r.application.created_at, new Date(), i18n.language as Lang),
          })}
        </Text>
        <Button
          variant="light"
          size="xs"
          component={Link}
          to={`${base}/loan-applications/${r.application.application_id}`}
        >
          {t('loans.view')}
        </Button>
      </Group>
    </Card>
  );
}
