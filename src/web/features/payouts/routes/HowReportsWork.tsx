/**
 * How payout reports work (shell spec §2.6 `finance/payouts/how-reports-work`; onboarding spec §1 "payouts …
 * cycle, FAQ"; docs/payouts.md): what a payout holds and when it comes, in questions and answers.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FaqList, faqItems } from '../../../components/FaqList';
import { PageHeader } from '../../../components/PageHeader';
import { PayoutsNav } from '../components/PayoutsNav';
import { analytics } from '../../../analytics';
import { useEffect } from 'react';

export function HowReportsWork() {
  const { t } = useTranslation('payouts');
  useEffect(() => analytics.track('Payouts FAQ Opened', {}), []);
  return (
    <>
      <PageHeader title={t('title')} />
      <PayoutsNav current="how" />
      <Text mb="md">{t('faq.intro')}</Text>
      <FaqList items={faqItems(t, 'faq.items')} firstOpen testId="payouts-faq" />
    </>
  );
}
