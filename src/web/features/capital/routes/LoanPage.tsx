/**
 * {capital_base}/loans/{id} (capital spec §2 Loan detail): breadcrumb, balances, week bar, legend, progress, rate
 * and minimum, details tooltip, sortable repayments, FAQ, payouts link, offer card, alerts and banners.
 */
import { AreaLink } from '../../../components/AreaLink';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Crumbs } from '../../../components/DetailFrame';
import { CapitalFrame } from '../components/CapitalFrame';
import { PageHeader } from '../../../components/PageHeader';
import { loanAlert, loanBanner, loanTitle, weekSlots } from '../../../../domain/capital/loans';
import { capitalDate, money, type Lang } from '../../../../domain/capital/format';
import { isDirectDebit } from '../../../../domain/capital/types';
import type { Loan } from '../../../../contract/capital';
import { useLoan } from '../api';
import { BigSum, Money } from '../components/Money';
import { WeekBar, Legend } from '../components/WeekBar';
import { LoanProgress } from '../components/LoanProgress';
import { RepaymentTable } from '../components/RepaymentTable';
import { Faq } from '../components/Faq';
import { StatusBadge } from '../components/StatusBadge';
import { LoanOfferCard } from '../components/LoanOfferCard';
import { lazy, Suspense } from 'react';

// The contract and payout card (and its phone dialog) load beside the page, not in the section's first chunk.
const LoanMoneyCard = lazy(() =>
  import('../components/LoanMoneyCard').then((m) => ({ default: m.LoanMoneyCard })),
);

/** {capital_base}/loans/{id} (§2 Loan detail). */
export function LoanPage() {
  const { id = '' } = useParams();
  const { i18n } = useTranslation('capital');
  const query = useLoan(id);
  const lang = i18n.language as Lang;
  return (
    <CapitalFrame query={query}>
      {(loan, crumbs) => <LoanView loan={loan} crumbs={crumbs} lang={lang} />}
    </CapitalFrame>
  );
}

/** The loan once loaded. */
function LoanView(props: { loan: Loan; crumbs: Crumbs; lang: Lang }) {
  const { t } = useTranslation('capital');
  const { loan, lang } = props;
  const title = loanTitle(loan);
  const slots = weekSlots(loan);
  const alert = loanAlert(loan);
  const banner = loanBanner(loan);
  const dd = isDirectDebit(loan);
  const now = new Date();
  return (
    <>
      <PageHeader
        title={title.kind === 'early_payoff' ? t('crumb.earlyPayoff') : title.name}
        breadcrumbs={props.crumbs}
      />
      <Stack gap="lg">
        {banner && (
          <Alert
            color={banner.kind === 'fully_repaid' ? 'teal' : 'blue'}
            icon={<IconCircleCheck size={18} />}
            data-banner={banner.kind}
          >
            {t(
              `banner.${banner.kind}`,
              banner.kind === 'arrives_with_payout' ? { date: capitalDate(banner.date, now, lang) } : {},
            )}
          </Alert>
        )}
        {alert && (
          <Alert
            color={alert.kind === 'paying_warning' ? 'yellow' : 'red'}
            icon={<IconAlertTriangle size={18} />}
            title={t(
              `alert.${alert.kind}`,
              alert.kind === 'overdue_critical' ? { amount: money(alert.amount, loan.currency, lang) } : {},
            )}
            data-alert={alert.kind}
          >
            {t(`alert.${alert.kind}Body`)}
          </Alert>
        )}
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" gap="xs" mb="sm">
            <StatusBadge status={loan.status} />
            <Tooltip
              multiline
              w={240}
              withArrow
              label={
                <Stack gap={2}>
                  <Text size="xs">
                    {t('loan.detailsAmount', { amount: money(loan.amount, loan.currency, lang) })}
                  </Text>
                  <Text size="xs">
                    {t('loan.detailsFee', { amount: money(loan.fee_amount, loan.currency, lang) })}
                  </Text>
                  <Text size="xs">
                    {t('loan.detailsTotal', { amount: money(loan.amount_vat, loan.currency, lang) })}
                  </Text>
                  <Text size="xs">{t('loan.detailsTenor', { count: loan.tenor })}</Text>
                </Stack>
              }
            >
              <Button variant="subtle" size="compact-sm" leftSection={<IconInfoCircle size={16} />}>
                {t('loan.details')}
              </Button>
            </Tooltip>
          </Group>
          {/* One above the other on a phone: two amounts side by side did not fit 375 px and ran into each other. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mb="md">
            {(
              [
                ['loan.outstanding', Math.max(0, loan.amount_vat - loan.paid_amount), 'outstanding'],
                ['loan.repaid', loan.paid_amount, 'repaid'],
              ] as const
            ).map(([label, amount, testId]) => (
              <BigSum
                key={testId}
                label={t(label)}
                amount={amount}
                currency={loan.currency}
                testId={testId}
              />
            ))}
          </SimpleGrid>
          <Stack gap="sm">
            <WeekBar slots={slots} />
            <Legend slots={slots} />
            <LoanProgress loan={loan} />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            {!dd && (
              <div>
                <Text size="sm" c="dimmed">
                  {t('loan.rate')}
                </Text>
                <Text fw={600}>{t('loan.rateValue', { rate: loan.repayment_rate })}</Text>
              </div>
            )}
            <div>
              <Text size="sm" c="dimmed">
                {dd ? t('loan.weekly') : t('loan.minimum')}
              </Text>
              <Text fw={600} data-testid="minimum">
                <Money amount={loan.minimum_repayment_amount} currency={loan.currency} />
              </Text>
            </div>
          </SimpleGrid>
          {!dd && (
            <AreaLink to="/finance/payouts" size="sm" mt="md">
              {t('loan.payouts')}
            </AreaLink>
          )}
        </Card>
        <Suspense fallback={null}>
          <LoanMoneyCard loan={loan} />
        </Suspense>
        <LoanOfferCard loan={loan} />
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('loan.history')}
          </Title>
          {loan.repayments.length === 0 ? (
            <Text c="dimmed">{t('loan.noRepayments')}</Text>
          ) : (
            <RepaymentTable loan={loan} />
          )}
        </Card>
        <Faq />
      </Stack>
    </>
  );
}
