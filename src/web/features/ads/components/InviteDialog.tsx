/**
 * Inviting a person to a merchant's ads (docs/ads.md "Inviting to ads"): their e-mail; they join the team as an
 * ads manager of that merchant and get the invitation in the page's language.
 */
import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmail } from '../../../../domain/contact';
import { ApiError, fieldMessages } from '../../../api/client';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../components/notificationStore';
import { useInviteToAds, type AdsMerchant } from '../api';

export function InviteDialog(props: { merchants: AdsMerchant[]; onClose: () => void }) {
  const { t, i18n } = useTranslation('ads');
  const [merchantId, setMerchantId] = useState(props.merchants[0]?.merchant_id ?? '');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | null>(null);
  const invitation = useInviteToAds();

  const submit = async () => {
    if (!isEmail(email.trim())) return setError(t('error.email'));
    setError(undefined);
    setFailed(null);
    try {
      await invitation.mutateAsync({
        merchant_id: merchantId,
        email: email.trim(),
        lang: i18n.language === 'ar' ? 'ar' : 'en',
      });
      notify({ variant: 'success', title: t('title'), message: t('invite.sent', { email: email.trim() }) });
      props.onClose();
    } catch (e) {
      const messages = fieldMessages(e, (key, params) => t(key, params));
      if (messages['/email']) setError(messages['/email']);
      else if (e instanceof ApiError && e.status === 409) setError(t('invite.already'));
      else if (e instanceof ApiError && e.status === 429) setFailed(t('invite.tooMany'));
      else setFailed(t('form.failed'));
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={t('invite.title')}>
      <Stack>
        <Text size="sm">{t('invite.body')}</Text>
        {props.merchants.length > 1 && (
          <Select
            label={t('form.merchant')}
            data={props.merchants.map((m) => ({ value: m.merchant_id, label: m.merchant_name }))}
            value={merchantId}
            allowDeselect={false}
            onChange={(v) => setMerchantId(v ?? '')}
          />
        )}
        <TextInput
          label={t('invite.email')}
          type="email"
          dir="ltr"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
          maxLength={254}
          data-autofocus
        />
        <DialogFooter
          error={failed}
          cancel={{ label: t('form.cancel'), onClick: props.onClose }}
          action={{ label: t('invite.action'), loading: invitation.isPending, onClick: () => void submit() }}
        />
      </Stack>
    </Modal>
  );
}
