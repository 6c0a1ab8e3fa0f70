/**
 * The virtual card as a card (docs/wallet.md "The card"): the holder, the masked number — or, once revealed, the
 * whole number, code and expiry, each with a copy button — and its state. Greyed while frozen.
 */
import { ActionIcon, Badge, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CardDetails, CardHolder } from '../api';

function Copyable(props: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('wallet');
  return (
    <Stack gap={0}>
      <Text size="xs" c="gray.3">
        {props.label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Text ff="monospace" fw={600} data-testid={props.testId}>
          <bdi dir="ltr">{props.value}</bdi>
        </Text>
        <CopyButton value={props.value.replace(/ /g, '')}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('card.copied') : t('card.copy')}>
              <ActionIcon
                variant="subtle"
                color="gray.0"
                size="sm"
                onClick={copy}
                aria-label={`${t('card.copy')}: ${props.label}`}
              >
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

export function CardFace(props: { holder: CardHolder; details: CardDetails | null }) {
  const { t } = useTranslation('wallet');
  const card = props.holder.card!;
  const frozen = card.status === 'frozen';
  return (
    <Paper
      radius="lg"
      p="lg"
      maw={400}
      c="white"
      data-testid="card-face"
      data-status={card.status}
      style={{
        background: frozen
          ? 'linear-gradient(135deg, #6b7280, #374151)'
          : 'linear-gradient(135deg, var(--mantine-color-teal-7), var(--mantine-color-indigo-8))',
        aspectRatio: '1.586',
      }}
    >
      <Stack justify="space-between" h="100%">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {t('card.virtual')}
          </Text>
          <Badge color={frozen ? 'dark' : 'teal.9'} variant="white" data-testid="card-status">
            {t(`card.status.${card.status}`)}
          </Badge>
        </Group>
        {props.details ? (
          <Stack gap={6}>
            <Copyable label={t('card.number')} value={props.details.number} testId="card-number" />
            <Group gap="xl">
              <Copyable label={t('card.expiry')} value={props.details.expiry} testId="card-expiry" />
              <Copyable label={t('card.cvc')} value={props.details.cvc} testId="card-cvc" />
            </Group>
          </Stack>
        ) : (
          <Text ff="monospace" size="xl" fw={600} data-testid="card-number">
            <bdi dir="ltr">{card.number}</bdi>
          </Text>
        )}
        <Group justify="space-between" align="flex-end">
          <Text size="sm" fw={600}>
            <bdi dir="ltr">{card.holder_name}</bdi>
          </Text>
          <Text size="xs">{t('card.expires', { expiry: card.expiry })}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
