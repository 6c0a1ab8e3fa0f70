/**
 * The offer page's sections (capital spec §2 Offer page, Capital home pieces): how it works, what to expect,
 * repayment with the 22 percent pitch and an example sales chart (29,500 and 38,500, §9), the FAQ of nine with the
 * support mailbox, and the customisation with its live quote (§5, §7: debounced 500 ms, asked only when both
 * values are in range, the last answer kept on screen while the next loads).
 */
import { useEffect, useState } from 'react';
import {
  Accordion,
  Alert,
  Anchor,
  Box,
  Card,
  Group,
  List,
  NumberInput,
  Progress,
  SimpleGrid,
  Slider,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { maxAmountFor, OFFER_LIMITS, quoteAllowed, readOfferInput } from '../../../../domain/capital/offers';
import { money, type Lang } from '../../../../domain/capital/format';
import type { Offer } from '../../../../domain/capital/types';
import { links } from '../../../config/links';
import { notify } from '../../../components/notificationStore';
import { useQuote, type QuoteAnswer } from '../api';
import { Money } from './LoanParts';

/** §7: the quote waits for a 500 ms pause in typing or sliding. */
export const QUOTE_DEBOUNCE_MS = 500;

export function Faq() {
  const { t } = useTranslation('capital');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('faq.title')}
      </Title>
      <Accordion variant="separated" radius="md">
        {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => (
          <Accordion.Item key={n} value={`q${n}`}>
            <Accordion.Control>{t(`faq.q${n}`)}</Accordion.Control>
            <Accordion.Panel>{t(`faq.a${n}`)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Text size="sm" mt="md">
        {t('faq.more')}{' '}
        <Anchor href={`mailto:${links.capitalEmail}`} dir="ltr">
          {links.capitalEmail}
        </Anchor>
      </Text>
    </Card>
  );
}

function Steps(props: { title: string; keys: string[] }) {
  const { t } = useTranslation('capital');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {props.title}
      </Title>
      <List type="ordered" spacing="xs">
        {props.keys.map((key) => (
          <List.Item key={key}>{t(key)}</List.Item>
        ))}
      </List>
    </Card>
  );
}

/** §9: the example sales chart's two weeks, and the share the pitch names. */
const EXAMPLE_WEEKS = [29_500, 38_500];
const PITCH_RATE = 22;

export function OfferSections() {
  const { t, i18n } = useTranslation('capital');
  const lang = i18n.language as Lang;
  const top = Math.max(...EXAMPLE_WEEKS);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Steps
          title={t('offer.howItWorks.title')}
          keys={['offer.howItWorks.s1', 'offer.howItWorks.s2', 'offer.howItWorks.s3']}
        />
        <Steps
          title={t('offer.expect.title')}
          keys={['offer.expect.s1', 'offer.expect.s2', 'offer.expect.s3']}
        />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="xs">
          {t('offer.repayment.title')}
        </Title>
        <Text mb="sm">{t('offer.repayment.body')}</Text>
        <Alert color="teal" variant="light" mb="md">
          {t('offer.pitch')}
        </Alert>
        <Text size="sm" fw={600} mb="xs">
          {t('offer.repayment.chartTitle')}
        </Text>
        <Stack gap="xs" role="img" aria-label={t('offer.repayment.chartTitle')}>
          {EXAMPLE_WEEKS.map((sales, i) => (
            <Box key={sales}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t(i === 0 ? 'offer.repayment.week1' : 'offer.repayment.week2')}</Text>
                <Text size="sm" dir="ltr">
                  {money(sales, 'AED', lang, { whole: true })} ·{' '}
                  {money((sales * PITCH_RATE) / 100, 'AED', lang, { whole: true })}
                </Text>
              </Group>
              {/* Drawn only: the chart is one image named by its title, its figures are the text above. */}
              <Progress.Root size="xl" radius="md" aria-hidden>
                <Progress.Section value={((sales * PITCH_RATE) / 100 / top) * 100} color="violet" />
                <Progress.Section value={((sales * (100 - PITCH_RATE)) / 100 / top) * 100} color="teal.3" />
              </Progress.Root>
            </Box>
          ))}
          <Group gap="md">
            <Group gap={6}>
              <Box w={10} h={10} bg="violet" style={{ borderRadius: 3 }} />
              <Text size="xs">{t('offer.repayment.deducted')}</Text>
            </Group>
            <Group gap={6}>
              <Box w={10} h={10} bg="teal.3" style={{ borderRadius: 3 }} />
              <Text size="xs">{t('offer.repayment.sales')}</Text>
            </Group>
          </Group>
        </Stack>
      </Card>
      <Faq />
    </Stack>
  );
}

/** The quote's figures, with a picture of what is repaid: the amount and the fee. */
function QuoteView(props: { quote: QuoteAnswer; stale: boolean }) {
  const { t } = useTranslation('capital');
  const q = props.quote;
  const amountShare = (q.amount / q.total_amount) * 100;
  return (
    <Stack gap="sm" data-testid="quote" aria-busy={props.stale} style={{ opacity: props.stale ? 0.6 : 1 }}>
      <SimpleGrid cols={2} spacing="sm">
        <Box>
          <Text size="sm" c="dimmed">
            {t('custom.minWeekly')}
          </Text>
          <Text size="xl" fw={700} data-testid="min-weekly">
            <Money amount={q.min_repayment_amount} currency={q.currency} />
          </Text>
        </Box>
        <Box>
          <Text size="sm" c="dimmed">
            {t('custom.weeklyFee')}
          </Text>
          <Text size="xl" fw={700} data-testid="weekly-fee">
            <Money amount={q.weekly_fee_amount} currency={q.currency} />
          </Text>
        </Box>
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
