/**
 * An ads campaign's parts, the same for a merchant (features/ads) and for ads ops (features/ads-ops; docs/ads.md):
 * its state as a badge (running green, paused grey, stopped red), its title (name, product, merchant, and the
 * reason ads ops stopped it), its card on a phone, and the daily budget's field. Texts: the `ads` namespace.
 */
import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../contract/ads';
import type { CampaignState } from '../../domain/ads';
import { Money } from './Money';

const COLOR: Record<CampaignState, string> = { active: 'green', paused: 'gray', stopped: 'red' };

export function CampaignStateBadge(props: { state: CampaignState }) {
  const { t } = useTranslation('ads');
  return (
    <Badge variant="light" color={COLOR[props.state]} style={{ flexShrink: 0 }} data-testid="campaign-state">
      {t(`state.${props.state}`)}
    </Badge>
  );
}

/** The name; the product and, with `merchant`, the merchant's name; the reason ads ops stopped it. */
export function CampaignTitle(props: { campaign: Campaign; merchant: boolean }) {
  const { t } = useTranslation('ads');
  const c = props.campaign;
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        <bdi>{c.name}</bdi>
      </Text>
      <Text size="xs" c="dimmed">
        {t(`product.${c.product}`)}
        {props.merchant && (
          <>
            {' · '}
            <bdi>{c.merchant_name}</bdi>
          </>
        )}
      </Text>
      {c.stop_reason && (
        <Text size="xs" c="red.8" data-testid="campaign-stop-reason">
          {t('stoppedBecause')} <bdi>{c.stop_reason}</bdi>
        </Text>
      )}
    </Stack>
  );
}

/** A campaign as a phone's card: its title, state and menu, then its figures (label and value each). */
export function CampaignCard(props: {
  campaign: Campaign;
  merchant: boolean;
  actions: ReactNode;
  figures: [label: string, value: ReactNode][];
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <CampaignTitle campaign={props.campaign} merchant={props.merchant} />
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <CampaignStateBadge state={props.campaign.state} />
          {props.actions}
        </Group>
      </Group>
      <Group gap="md" wrap="wrap">
        {props.figures.map(([label, value]) => (
          <Text size="xs" key={label}>
            {label}: {value}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * The daily budget's field: the currency in its label, the bounds the caller may set under it, and — for a
 * running campaign — that a new budget counts from today.
 */
export function BudgetField(props: {
  currency: string;
  /** The bounds the caller may set (a merchant's, or ads ops' ten times higher); none while unknown. */
  bounds?: { min: string; max: string };
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
  running?: boolean;
}) {
  const { t } = useTranslation('ads');
  const field = (
    <TextInput
      label={t('form.budget', { currency: props.currency })}
      description={
        props.bounds && (
          <Text span size="xs">
            {t('form.budgetHint')} <Money amount={props.bounds.min} currency={props.currency} /> –{' '}
            <Money amount={props.bounds.max} currency={props.currency} />
          </Text>
        )
      }
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
      inputMode="decimal"
      dir="ltr"
      maxLength={20}
      data-autofocus={props.autoFocus || undefined}
    />
  );
  if (!props.running) return field;
  return (
    <>
      {field}
      <Text size="xs" c="dimmed">
        {t('form.budgetFromToday')}
      </Text>
    </>
  );
}
