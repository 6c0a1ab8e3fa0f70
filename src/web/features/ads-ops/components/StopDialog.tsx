/** Ads ops stop a merchant's campaign (docs/ads.md): the reason is required and the merchant reads it on the campaign. */
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STOP_REASON_MAX } from '../../../../domain/ads';
import { fieldMessages } from '../../../api/client';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../components/notificationStore';
import { useChangeOpsCampaign, type OpsCampaign } from '../api';

export function StopDialog(props: { campaign: OpsCampaign; onClose: () => void }) {
  const { t } = useTranslation('ads');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | null>(null);
  const change = useChangeOpsCampaign();

  const submit = async () => {
    if (!reason.trim()) return setError(t('error.stopReason'));
    setError(undefined);
    setFailed(null);
    try {
      await change.mutateAsync({
        campaign: props.campaign,
        change: { state: 'stopped', stop_reason: reason },
      });
      notify({ variant: 'success', title: t('title'), message: t('stopped', { name: props.campaign.name }) });
      props.onClose();
    } catch (e) {
      const messages = fieldMessages(e, (key, params) => t(key, params));
      setError(messages['/stop_reason']);
      if (!messages['/stop_reason']) setFailed(t('form.failed'));
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={t('stop.title', { name: props.campaign.name })}>
      <Stack>
        <Text size="sm">{t('stop.body')}</Text>
        <Textarea
          label={t('stop.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error}
          maxLength={STOP_REASON_MAX}
          autosize
          minRows={3}
          data-autofocus
        />
        <DialogFooter
          error={failed}
          cancel={{ label: t('form.cancel'), onClick: props.onClose }}
          action={{
            label: t('stop.action'),
            color: 'red',
            loading: change.isPending,
            onClick: () => void submit(),
          }}
        />
      </Stack>
    </Modal>
  );
}
