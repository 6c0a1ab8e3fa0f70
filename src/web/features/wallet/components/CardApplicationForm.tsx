/**
 * The card's application (docs/wallet.md "The card"): the name as printed, where the payouts go from now on, the
 * terms — checked here as the server checks them, each error beside its field, what was typed kept. The card is
 * issued at once; `onIssued` gets it. Used by the back office's card page and the money area's payout options.
 */
import { Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { isHolderName, type PayoutDestination } from '../../../../domain/wallet';
import { useApplyForCard, type CardHolder } from '../api';

export function CardApplicationForm(props: {
  merchantId: string;
  initialDestination?: PayoutDestination;
  onIssued: (card: CardHolder) => void;
}) {
  const { t } = useTranslation('wallet');
  const [holder, setHolder] = useState('');
  const [destination, setDestination] = useState<PayoutDestination>(props.initialDestination ?? 'wallet');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<{ holder?: string; terms?: string; form?: string }>({});
  const application = useApplyForCard(props.merchantId);

  const submit = async () => {
    const name = holder.trim().replace(/\s+/g, ' ');
    const found = {
      holder: isHolderName(name) ? undefined : t('card.application.holderRule'),
      terms: terms ? undefined : t('card.application.termsRequired'),
    };
    setErrors(found);
    if (found.holder || found.terms) return;
    try {
      const card = await application.mutateAsync({
        holder_name: name,
        payout_destination: destination,
        accept_terms: true,
      });
      props.onIssued(card);
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors['/holder_name'])
        setErrors({ holder: t('card.application.holderRule') });
      else
        setErrors({
          form:
            e instanceof ApiError && e.status === 409
              ? t('card.application.exists')
              : t('card.application.failed'),
        });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack maw={480}>
        <TextInput
          label={t('card.application.holderName')}
          description={t('card.application.holderHint')}
          value={holder}
          onChange={(event) => setHolder(event.currentTarget.value.toUpperCase())}
          error={errors.holder}
          maxLength={26}
          autoComplete="cc-name"
          dir="ltr"
          required
        />
        <Radio.Group
          label={t('card.application.destination')}
          value={destination}
          onChange={(v) => setDestination(v as PayoutDestination)}
        >
          <Stack gap="xs" mt={6}>
            <Radio value="wallet" label={t('card.application.destinationWallet')} />
            <Radio value="bank" label={t('card.application.destinationBank')} />
          </Stack>
        </Radio.Group>
        <Checkbox
          label={t('card.application.terms')}
          checked={terms}
          onChange={(event) => setTerms(event.currentTarget.checked)}
          error={errors.terms}
        />
        {errors.form && (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={application.isPending} w={{ base: '100%', sm: 'auto' }}>
            {t('card.application.apply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
