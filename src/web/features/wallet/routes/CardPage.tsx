/**
 * The card (shell spec §2.3 `finance/card`, §6 "payouts allowed and virtual cards enabled"; docs/wallet.md): the
 * merchant's virtual card — its state, the masked number, "Show details" after a step-up code, freeze (confirmed)
 * and unfreeze, what it may spend (the wallet's available balance, the daily limit) and its latest payments — or,
 * when there is none, its application. A member of several such merchants picks one.
 */
import { isForbidden } from '../../../api/client';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDay } from '../../../components/CalendarDay';
import { DialogFooter } from '../../../components/DialogFooter';
import { ForbiddenPage } from '../../../components/DetailFrame';
import { FiguresBar, moneyFigure } from '../../../components/FiguresBar';
import { notify } from '../../../components/notificationStore';
import { PageHeader } from '../../../components/PageHeader';
import { LoadFailed } from '../../../components/QueryStates';
import { StepUpDialog } from '../../../components/StepUpDialog';
import {
  revealCard,
  useFreezeCard,
  useCards,
  useWallet,
  type CardDetails,
  type CardHolder,
  type Wallet,
} from '../api';
import { DestinationCard } from '../components/DestinationCard';
import { TransferDialog } from '../components/TransferDialog';
import { CardApplicationForm } from '../components/CardApplicationForm';
import { CardFace } from '../components/CardFace';
import { MovementAmount } from '../components/MovementText';

export function CardPage() {
  const { t } = useTranslation('wallet');
  const cards = useCards();
  const [chosen, setChosen] = useState<string | null>(null);
  const holder = cards.data?.find((c) => c.merchant_id === chosen) ?? cards.data?.[0];
  // The card's page draws once its holder's wallet has answered too (or failed: the card without the wallet's
  // parts): the payout destination and the transfer button come from it, and drawn as it arrived they pushed the
  // card's payments down the page (a layout shift of 0.07-0.08 on a phone's network, issue 54).
  const wallet = useWallet(holder?.merchant_id ?? '', Boolean(holder?.card));
  const loading = cards.isPending || (Boolean(holder?.card) && wallet.isPending);

  if (isForbidden(cards.error)) return <ForbiddenPage title={t('card.title')} t={t} prefix="card." />;
  return (
    <>
      <PageHeader title={t('card.title')} />
      {loading && (
        <Stack data-testid="card-loading">
          <Skeleton h={220} maw={400} radius="lg" />
          <Skeleton h={62} />
        </Stack>
      )}
      {cards.isError && !isForbidden(cards.error) && (
        <LoadFailed title={t('card.loadFailed')} retry={t('retry')} onRetry={() => void cards.refetch()} />
      )}
      {holder && (cards.data?.length ?? 0) > 1 && (
        <Select
          label={t('merchant')}
          data={cards.data!.map((c) => ({ value: c.merchant_id, label: c.merchant_name }))}
          value={holder.merchant_id}
          onChange={(v) => setChosen(v)}
          allowDeselect={false}
          w={{ base: '100%', sm: 280 }}
          mb="md"
        />
      )}
      {holder &&
        !loading &&
        (holder.card ? <TheCard holder={holder} wallet={wallet.data} /> : <Application holder={holder} />)}
    </>
  );
}

/** The card, with its holder's wallet as the page has it (undefined when the wallet's call failed). */
function TheCard(props: { holder: CardHolder; wallet: Wallet | undefined }) {
  const { t } = useTranslation('wallet');
  const { holder } = props;
  const card = holder.card!;
  const [details, setDetails] = useState<CardDetails | null>(null);
  const [revealing, setRevealing] = useState(false);
  const [freezing, setFreezing] = useState(false);
  const freeze = useFreezeCard(card.id);
  const [transferring, setTransferring] = useState(false);
  const { wallet } = props;
  const frozen = card.status === 'frozen';

  const setFrozen = async (value: boolean) => {
    try {
      await freeze.mutateAsync(value);
      notify({
        variant: 'success',
        title: t('card.title'),
        message: t(value ? 'card.frozen' : 'card.unfrozen'),
      });
      setFreezing(false);
    } catch {
      notify({ variant: 'error', title: t('card.title'), message: t('card.actionFailed') });
    }
  };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack>
          <CardFace holder={holder} details={details} />
          <Group gap="sm">
            {details ? (
              <Button variant="default" onClick={() => setDetails(null)}>
                {t('card.hideDetails')}
              </Button>
            ) : (
              <Button variant="default" onClick={() => setRevealing(true)}>
                {t('card.showDetails')}
              </Button>
            )}
            {frozen ? (
              <Button onClick={() => void setFrozen(false)} loading={freeze.isPending}>
                {t('card.unfreeze')}
              </Button>
            ) : (
              <Button variant="light" color="red" onClick={() => setFreezing(true)}>
                {t('card.freeze')}
              </Button>
            )}
          </Group>
        </Stack>
        <Stack>
          {frozen && (
            <Alert color="gray" data-testid="card-frozen-notice">
              {t('card.frozenNotice')}
            </Alert>
          )}
          <CardFigures holder={holder} />
          <Text size="sm" c="dimmed">
            {t('card.spendsFrom')} {holder.payout_destination === 'bank' && t('card.bankNote')}
          </Text>
          {wallet?.bank && (
            <Button variant="default" w="fit-content" onClick={() => setTransferring(true)}>
              {t('transfer.open')}
            </Button>
          )}
        </Stack>
      </SimpleGrid>
      {wallet && <DestinationCard wallet={wallet} />}
      {transferring && wallet && <TransferDialog wallet={wallet} onClose={() => setTransferring(false)} />}
      <CardPayments holder={holder} />
      {revealing && (
        <StepUpDialog
          purpose="card_reveal"
          title={t('card.revealTitle')}
          action={t('card.reveal')}
          onClose={() => setRevealing(false)}
          onCode={async (code) => {
            setDetails(await revealCard(card.id, code));
            setRevealing(false);
          }}
        />
      )}
      {freezing && (
        <Modal opened onClose={() => setFreezing(false)} title={t('card.freezeTitle')}>
          <Stack>
            <Text size="sm">{t('card.freezeBody')}</Text>
            <DialogFooter
              error={null}
              cancel={{ label: t('transfer.cancel'), onClick: () => setFreezing(false) }}
              action={{
                label: t('card.freeze'),
                color: 'red',
                loading: freeze.isPending,
                onClick: () => void setFrozen(true),
              }}
            />
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}

/** What the card may spend: what is left, what was spent today and the daily limit. */
function CardFigures(props: { holder: CardHolder }) {
  const { t } = useTranslation('wallet');
  const { holder } = props;
  return (
    <FiguresBar
      query={{ data: holder, isPending: false, isError: false }}
      testId="card-figures"
      failed=""
      columns={3}
      figures={(h) => [
        moneyFigure(t('card.spendable'), h.available, h.currency, 'card-spendable'),
        moneyFigure(t('card.spentToday'), h.spent_today, h.currency, 'card-spent'),
        moneyFigure(t('card.dailyLimit'), h.daily_limit, h.currency, 'card-limit'),
      ]}
    />
  );
}

/** The card's latest payments, newest first. */
function CardPayments(props: { holder: CardHolder }) {
  const { t } = useTranslation('wallet');
  const { holder } = props;
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('card.payments')}
      </Title>
      {holder.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('card.noPayments')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="card-payments">
          {holder.payments.map((p) => (
            <Group key={p.id} justify="space-between" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" truncate>
                  <bdi>{p.counterparty}</bdi>
                </Text>
                <Text size="xs" c="dimmed">
                  <CalendarDay day={p.day} />
                </Text>
              </Stack>
              <MovementAmount movement={p} />
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Application(props: { holder: CardHolder }) {
  const { t } = useTranslation('wallet');
  const points = t('card.application.points', { returnObjects: true }) as string[];
  return (
    <Card withBorder maw={640} data-testid="card-application">
      <Title order={2} size="h3" mb="xs">
        {t('card.application.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('card.application.intro')}
      </Text>
      <List size="sm" mb="lg" spacing={4}>
        {points.map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
      </List>
      <CardApplicationForm
        merchantId={props.holder.merchant_id}
        initialDestination="wallet"
        onIssued={() =>
          notify({ variant: 'success', title: t('card.title'), message: t('card.application.issued') })
        }
      />
    </Card>
  );
}
