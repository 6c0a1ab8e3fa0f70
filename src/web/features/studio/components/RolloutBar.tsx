/**
 * A staged rollout under way (issue 61), atop its flow's page: which version a share of new drafts gets, and the
 * way on — another share, every new draft (100 %: the version becomes current), or withdrawn after a confirmation.
 */
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { DialogFooter } from '../../../components/DialogFooter';
import { MAX_SHARE, shareProblem } from '../../../../domain/rollout';
import { shortId, useChangeRollout, useWithdrawRollout } from '../api';

export function RolloutBar(props: {
  flow: string;
  current: string;
  rollout: { version: string; share: number };
}) {
  const { t } = useTranslation('studio');
  const { flow, rollout } = props;
  const change = useChangeRollout(flow);
  const withdraw = useWithdrawRollout(flow);
  const [share, setShare] = useState<number | string>(rollout.share);
  const [withdrawing, setWithdrawing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = shareProblem(share) === null;
  const failed = (e: unknown) =>
    setError(
      e instanceof ApiError ? t('rollout.failed', { message: e.message }) : t('publish.failedUnknown'),
    );
  const setTo = async (to: number) => {
    setError(null);
    try {
      await change.mutateAsync({ version: rollout.version, share: to });
    } catch (e) {
      failed(e);
    }
  };
  return (
    <Alert
      color="blue"
      data-testid="rollout"
      title={t('rollout.title', { version: shortId(rollout.version), share: rollout.share })}
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('rollout.body', { current: shortId(props.current), share: 100 - rollout.share })}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <NumberInput
            data-testid="rollout-share"
            label={t('rollout.share')}
            min={1}
            max={MAX_SHARE}
            allowDecimal={false}
            suffix=" %"
            value={share}
            onChange={setShare}
            error={valid ? undefined : t('publish.shareInvalid')}
            w={160}
          />
          <Button
            variant="default"
            disabled={!valid || share === rollout.share}
            loading={change.isPending}
            onClick={() => void setTo(share as number)}
          >
            {t('rollout.apply')}
          </Button>
          <Button
            color="teal"
            loading={change.isPending}
            onClick={() => void setTo(MAX_SHARE)}
            data-testid="rollout-all"
          >
            {t('rollout.toAll')}
          </Button>
          <Button color="red" variant="light" onClick={() => setWithdrawing(true)}>
            {t('rollout.withdraw')}
          </Button>
        </Group>
        {error && !withdrawing && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
      <Modal opened={withdrawing} onClose={() => setWithdrawing(false)} title={t('rollout.withdrawTitle')}>
        <Stack>
          <Text size="sm">
            {t('rollout.withdrawBody', {
              version: shortId(rollout.version),
              current: shortId(props.current),
            })}
          </Text>
          <DialogFooter
            error={error}
            cancel={{ label: t('publish.cancel'), onClick: () => setWithdrawing(false) }}
            action={{
              label: t('rollout.withdraw'),
              color: 'red',
              loading: withdraw.isPending,
              onClick: () => {
                setError(null);
                withdraw
                  .mutateAsync({ version: rollout.version })
                  .then(() => setWithdrawing(false))
                  .catch(failed);
              },
            }}
          />
        </Stack>
      </Modal>
    </Alert>
  );
}
