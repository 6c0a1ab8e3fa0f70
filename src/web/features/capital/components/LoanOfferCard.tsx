/**
 * The offer card of a loan's page (capital spec §2 Loan detail).
 */
import type { ReactNode } from 'react';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bestOffer } from '../../../../domain/capital/offers';
import { money, type Lang } from '../../../../domain/capital/format';
import { useCapitalBase, useOffers, type LoanView } from '../api';
import { useCapitalEvents } from '../events';

/** The offer card of a loan (§2): the best offer on a closed loan, an early-payoff offer on any other. */
export function LoanOfferCard(props: { loan: LoanView }) {
  const { t, i18n } = useTranslation('capital');
  const base = useCapitalBase();
  const offers = useOffers();
  const track = useCapitalEvents();
  const lang = i18n.language as Lang;
  const own = (offers.data ?? []).filter((o) => o.merchant_id === props.loan.merchant_id);
  if (props.loan.status === 'closed') {
    const best = bestOffer(own);
    if (!best) return null;
    return (
      <Nudge
        testId="best-offer-card"
        title={t('loan.bestOfferCard')}
        body={t('loan.bestOfferBody', { amount: money(best.amount, best.currency, lang, { whole: true }) })}
      >
        <Group>
          <Button variant="light" component={Link} to={`${base}/offers/${best.id}`}>
            {t('loan.bestOfferAction')}
          </Button>
        </Group>
      </Nudge>
    );
  }
  const early = own.find((o) => o.tags.includes('early_payoff'));
  if (!early) return null;
  const pay =
    early.metadata?.early_payoff_loan_deduction ??
    Math.max(0, props.loan.amount_vat - props.loan.paid_amount);
  return (
    <Nudge
      testId="early-payoff-card"
      title={t('loan.earlyPayoffCard')}
      body={t('loan.earlyPayoffBody', { amount: money(pay, props.loan.currency, lang) })}
    >
      <Button
        variant="light"
        component={Link}
        to={`${base}/offers/${early.id}`}
        onClick={() =>
          track('Capital Early Payoff Opened', { merchantId: early.merchant_id, offerId: early.id })
        }
      >
        {t('loan.earlyPayoffAction')}
      </Button>
    </Nudge>
  );
}

/** A card beside the loan pointing to an offer: a title, a line, and the way to it. */
function Nudge(props: { testId: string; title: string; body: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={props.testId}>
      <Title order={2} size="h5">
        {props.title}
      </Title>
      <Text size="sm" my="xs">
        {props.body}
      </Text>
      {props.children}
    </Card>
  );
}
