/**
 * The customisation of an offer with its live quote (capital spec §5, §7: debounced 500 ms, asked only when both
 * values are in range, the last answer kept on screen while the next loads).
 */
import { useEffect, useState } from 'react';
import {
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Box,
  NumberInput,
  Progress,
  Slider,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/notificationStore';
import { money, type Lang } from '../../../../domain/capital/format';
import { maxAmountFor, OFFER_LIMITS, quoteAllowed, readOfferInput } from '../../../../domain/capital/offers';
import type { Offer } from '../../../../domain/capital/types';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuote, type QuoteAnswer } from '../api';
import { BigSum, Money } from './Money';

/** §7: the quote waits for a 500 ms pause in typing or sliding. */
export const QUOTE_DEBOUNCE_MS = 500;

/** The quote's figures, with a picture of what is repaid: the amount and the fee. */
function QuoteView(props: { quote: QuoteAnswer; stale: boolean }) {
  const { t } = useTranslation('capital');
  const q = props.quote;
  const amountShare = (q.amount / q.total_amount) * 100;
  return (
    <Stack gap="sm" data-testid="quote" aria-busy={props.stale} style={{ opacity: props.stale ? 0.6 : 1 }}>
      <SimpleGrid cols={2} spacing="sm">
        {(
          [
            ['custom.minWeekly', q.min_repayment_amount, 'min-weekly'],
            ['custom.weeklyFee', q.weekly_fee_amount, 'weekly-fee'],
          ] as const
        ).map(([label, amount, testId]) => (
          <BigSum key={testId} label={t(label)} amount={amount} currency={q.currency} testId={testId} />
        ))}
      </SimpleGrid>
      <Progress.Root size={18} radius="md" aria-hidden>
        <Progress.Section value={amountShare} color="teal" />
        <Progress.Section value={100 - amountShare} color="orange.4" />
      </Progress.Root>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {t('custom.repaid')} <Money amount={q.amount} currency={q.currency} />
        </Text>
        <Text size="sm">
          {t('custom.feePart')} <Money amount={q.fee_amount} currency={q.currency} />
        </Text>
      </Group>
      <Text size="sm" fw={600}>
        {t('custom.total')} <Money amount={q.total_amount} currency={q.currency} />
      </Text>
    </Stack>
  );
}

/**
 * Amount and tenor, each a number input with a slider (§5: steps 1,000 and 4; capped at the maximum), and the
 * live quote. `onChange` reports the values as read (null while not valid).
 */
export function Customisation(props: {
  offer: Offer;
  initial: { amount: number; tenor: number };
  onChange?: (terms: { amount: number; tenor: number } | null) => void;
}) {
  const { t, i18n } = useTranslation('capital');
  const lang = i18n.language as Lang;
  const maxAmount = maxAmountFor(props.offer);
  const [amountRaw, setAmountRaw] = useState<string | number>(props.initial.amount);
  const [tenorRaw, setTenorRaw] = useState<string | number>(props.initial.tenor);
  const input = readOfferInput(amountRaw, tenorRaw);
  // The offer's own amount caps the amount (the server refuses more).
  const amount = input.amount === null ? null : Math.min(input.amount, maxAmount);
  const tenor = input.tenor;
  const allowed = quoteAllowed(amount, tenor);
  const [debounced] = useDebouncedValue(allowed ? `${amount}|${tenor}` : null, QUOTE_DEBOUNCE_MS);
  const terms = debounced
    ? { amount: Number(debounced.split('|')[0]), tenor: Number(debounced.split('|')[1]) }
    : null;
  const quote = useQuote(props.offer.id, terms);
  // §8: a failed quote says so in a toast (and the last good quote stays on screen).
  useEffect(() => {
    if (quote.isError)
      notify({
        variant: 'error',
        title: t('toast.errorTitle'),
        message: t('toast.generic'),
        id: 'capital-quote',
      });
  }, [quote.isError, quote.errorUpdatedAt, t]);
  const onChange = props.onChange;
  useEffect(
    () => onChange?.(allowed ? { amount: amount!, tenor: tenor! } : null),
    [allowed, amount, tenor, onChange],
  );

  const error = (field: 'amount' | 'tenor') => {
    const code = input.errors[field];
    if (!code) return undefined;
    const min =
      field === 'amount' ? money(OFFER_LIMITS.amount.min, props.offer.currency, lang, { whole: true }) : 4;
    return t(`custom.error.${code}`, { min });
  };
  const waiting = allowed && (debounced !== `${amount}|${tenor}` || quote.isFetching);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="md">
        {t('custom.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="lg">
          <Box>
            <NumberInput
              label={t('custom.amount')}
              description={t('custom.amountHint', {
                min: money(OFFER_LIMITS.amount.min, props.offer.currency, lang, { whole: true }),
                max: money(maxAmount, props.offer.currency, lang, { whole: true }),
              })}
              value={amountRaw}
              onChange={setAmountRaw}
              onBlur={() => amount !== null && setAmountRaw(amount)}
              thousandSeparator=","
              allowDecimal={false}
              allowNegative={false}
              max={maxAmount}
              clampBehavior="strict"
              error={error('amount')}
              rightSection={<Text size="xs">{props.offer.currency}</Text>}
              rightSectionWidth={48}
              dir="ltr"
              data-testid="amount-input"
            />
            <Slider
              mt="sm"
              min={OFFER_LIMITS.amount.min}
              max={maxAmount}
              step={OFFER_LIMITS.amount.step}
              value={amount ?? OFFER_LIMITS.amount.min}
              onChange={setAmountRaw}
              label={(v) => money(v, props.offer.currency, lang, { whole: true })}
              thumbLabel={t('custom.amount')}
              color="teal"
              data-testid="amount-slider"
            />
          </Box>
          <Box>
            <NumberInput
              label={t('custom.tenor')}
              description={t('custom.tenorHint', {
                min: OFFER_LIMITS.tenor.min,
                max: OFFER_LIMITS.tenor.max,
              })}
              value={tenorRaw}
              onChange={setTenorRaw}
              onBlur={() => tenor !== null && setTenorRaw(tenor)}
              allowDecimal={false}
              allowNegative={false}
              max={OFFER_LIMITS.tenor.max}
              clampBehavior="strict"
              error={error('tenor')}
              dir="ltr"
              data-testid="tenor-input"
            />
            <Slider
              mt="sm"
              min={OFFER_LIMITS.tenor.min}
              max={OFFER_LIMITS.tenor.max}
              step={OFFER_LIMITS.tenor.step}
              value={tenor ?? OFFER_LIMITS.tenor.min}
              onChange={setTenorRaw}
              label={(v) => t('offer.weeks', { count: v })}
              thumbLabel={t('custom.tenor')}
              color="teal"
              data-testid="tenor-slider"
            />
          </Box>
        </Stack>
        <Box aria-live="polite">
          <Text size="sm" fw={600} mb="xs">
            {t('custom.quote')}
          </Text>
          {quote.data && allowed ? (
            <QuoteView quote={quote.data} stale={waiting} />
          ) : allowed ? (
            <Text c="dimmed">{t('custom.updating')}</Text>
          ) : (
            <Text c="dimmed">{t('custom.enterBoth')}</Text>
          )}
          {quote.isError && !quote.isFetching && (
            <Text c="red" size="sm" mt="xs">
              {t('toast.generic')}
            </Text>
          )}
        </Box>
      </SimpleGrid>
    </Card>
  );
}
