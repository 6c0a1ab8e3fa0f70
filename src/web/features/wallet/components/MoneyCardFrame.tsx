/**
 * The frame of the money area's card application pages: a way back, the title, and the merchant whose card it is
 * — or what stops the application (no card permission; a card already, shown).
 */
import { isForbidden } from '../../../api/client';
import { Alert, Anchor, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ForbiddenNotice } from '../../../components/DetailFrame';
import { LoadFailed } from '../../../components/QueryStates';
import { useCards, type CardHolder } from '../api';
import { CardFace } from './CardFace';

export function MoneyCardFrame(props: {
  title: string;
  back: string;
  /** What is said above a card the merchant has (default: "You have a card already"). */
  haveCard?: string;
  children: (holder: CardHolder) => ReactNode;
}) {
  const { t } = useTranslation('wallet');
  const cards = useCards();
  const holder = cards.data?.[0];
  return (
    <Stack gap="md">
      <Anchor component={Link} to={props.back} size="sm">
        {t('money.back')}
      </Anchor>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      {cards.isPending && <Skeleton h={200} data-testid="money-card-loading" />}
      {isForbidden(cards.error) && (
        <ForbiddenNotice title={t('card.forbidden.title')} body={t('card.forbidden.body')} />
      )}
      {cards.isError && !isForbidden(cards.error) && (
        <LoadFailed title={t('card.loadFailed')} retry={t('retry')} onRetry={() => void cards.refetch()} />
      )}
      {holder?.card && (
        <>
          <Alert color="teal" data-testid="money-card-ready">
            {props.haveCard ?? t('money.haveCard')}
          </Alert>
          <CardFace holder={holder} details={null} />
        </>
      )}
      {holder && !holder.card && props.children(holder)}
    </Stack>
  );
}
