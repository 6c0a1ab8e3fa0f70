/**
 * What the merchant may do with a dispute (onboarding spec §4, §7): refund, or challenge with photos.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../components/notificationStore';
import { useApprove, type Dispute } from '../api';
import { ChallengeDialog } from './ChallengeDialog';
import { isolate, langOf } from '../../../components/listText';
import { money } from '../../../../domain/capital/format';
import { analytics } from '../../../analytics';

export function Actions(props: { dispute: Dispute }) {
  const { t, i18n } = useTranslation('disputes');
  const { dispute } = props;
  const approve = useApprove(dispute.id);
  const [refunding, setRefunding] = useState(false);
  const [challenging, setChallenging] = useState(false);
  if (dispute.status === 'arbitration') return <Alert color="violet">{t('act.arbitration')}</Alert>;
  if (dispute.status !== 'pending') return <Alert color="gray">{t('act.final')}</Alert>;
  if (!dispute.can_act) return <Alert color="yellow">{t('act.noRight')}</Alert>;
  return (
    <>
      <Group>
        <Button onClick={() => setRefunding(true)}>{t('act.refund')}</Button>
        <Button variant="default" onClick={() => setChallenging(true)}>
          {t('act.challenge')}
        </Button>
      </Group>
      <Modal opened={refunding} onClose={() => setRefunding(false)} title={t('refund.title')}>
        <Stack>
          <Text size="sm">
            {t('refund.body', {
              amount: isolate(money(Number(dispute.amount), dispute.currency, langOf(i18n.language))),
              customer: isolate(dispute.customer_name),
            })}
          </Text>
          <DialogFooter
            error={
              approve.isError &&
              (approve.error instanceof ApiError && approve.error.status === 409
                ? t('refund.notPending')
                : t('refund.failed'))
            }
            cancel={{ label: t('refund.cancel'), onClick: () => setRefunding(false) }}
            action={{
              label: t('refund.confirm'),
              color: 'red.9',
              loading: approve.isPending,
              onClick: () =>
                approve.mutate(undefined, {
                  onSuccess: () => {
                    analytics.track('Dispute Refunded', { dispute_id: dispute.id });
                    setRefunding(false);
                    notify({
                      variant: 'success',
                      title: t('act.refund'),
                      message: t('refund.done'),
                      autoHide: true,
                    });
                  },
                }),
            }}
          />
        </Stack>
      </Modal>
      <ChallengeDialog
        disputeId={dispute.id}
        opened={challenging}
        onClose={() => setChallenging(false)}
        onSent={() => {
          setChallenging(false);
          notify({
            variant: 'success',
            title: t('act.challenge'),
            message: t('challenge.done'),
            autoHide: true,
          });
        }}
      />
    </>
  );
}
