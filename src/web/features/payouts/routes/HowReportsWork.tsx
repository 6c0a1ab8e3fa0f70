/**
 * How payout reports work (shell spec §2.6 `finance/payouts/how-reports-work`; onboarding spec §1 "payouts …
 * cycle, FAQ"; docs/payouts.md): what a payout holds and when it comes, in questions and answers.
 */
import { Accordion, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { PayoutsNav } from '../components/PayoutsNav';

export function HowReportsWork() {
  const { t } = useTranslation('payouts');
  const items = t('faq.items', { returnObjects: true }) as { q: string; a: string }[];
  return (
    <>
      <PageHeader title={t('title')} />
      <PayoutsNav current="how" />
      <Text mb="md">{t('faq.intro')}</Text>
      <Accordion variant="separated" multiple defaultValue={['0']} data-testid="payouts-faq">
        {(Array.isArray(items) ? items : []).map((item, i) => (
          <Accordion.Item key={i} value={String(i)}>
            <Accordion.Control>{item.q}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{item.a}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </>
  );
}
