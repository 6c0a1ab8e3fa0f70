/**
 * A new campaign (merchant, payment product, name, daily budget) or a change to one (name, daily budget), checked
 * here by the server's own rules (src/domain/ads.ts), each message beside its field; what was typed stays when the
 * server refuses it.
 */
import { useFormSubmit } from '../../../components/useFormSubmit';
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { budgetProblem, nameProblem } from '../../../../domain/ads';
import { decimalToMinor } from '../../../../domain/money';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../components/notificationStore';
import { BudgetField } from '../../../components/CampaignParts';
import { useChangeCampaign, useCreateCampaign, type AdsMerchant, type Campaign } from '../api';

export function CampaignDialog(props: {
  merchants: AdsMerchant[];
  campaign: Campaign | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('ads');
  const { campaign } = props;
  const [merchantId, setMerchantId] = useState(
    campaign?.merchant_id ?? props.merchants[0]?.merchant_id ?? '',
  );
  const merchant = props.merchants.find((m) => m.merchant_id === merchantId);
  const [product, setProduct] = useState<string>(campaign?.product ?? merchant?.products[0] ?? '');
  const [name, setName] = useState(campaign?.name ?? '');
  const [budget, setBudget] = useState(campaign?.daily_budget ?? '');
  const { errors, failed, submit: send } = useFormSubmit(t);
  const creation = useCreateCampaign();
  const edit = useChangeCampaign();
  const busy = creation.isPending || edit.isPending;
  const currency = merchant?.currency ?? campaign?.currency ?? '';

  const check = () => {
    const found: Record<string, string> = {};
    const named = nameProblem(name);
    if (named) found['/name'] = t(named.key, named.params);
    const amount = decimalToMinor(budget, currency);
    // A budget left as it was passes as it is (ads ops may have set one above the merchant's ceiling).
    const kept = campaign !== null && amount === decimalToMinor(campaign.daily_budget, currency);
    const money =
      amount === null ? { key: 'error.budget' } : kept ? undefined : budgetProblem(amount, currency, false);
    if (money) found['/daily_budget'] = t(money.key, money.params ?? {});
    if (!campaign && !product) found['/product'] = t('error.product');
    return found;
  };

  const submit = () =>
    send(check(), async () => {
      const saved = campaign
        ? await edit.mutateAsync({ campaign, change: { name, daily_budget: budget.trim() } })
        : await creation.mutateAsync({ merchant_id: merchantId, product, name, daily_budget: budget });
      notify({
        variant: 'success',
        title: t('title'),
        message: t(campaign ? 'saved' : 'created', { name: saved.name }),
      });
      props.onClose();
    });

  return (
    <Modal opened onClose={props.onClose} title={t(campaign ? 'form.editTitle' : 'form.newTitle')}>
      <Stack>
        {!campaign && props.merchants.length > 1 && (
          <Select
            label={t('form.merchant')}
            data={props.merchants.map((m) => ({ value: m.merchant_id, label: m.merchant_name }))}
            value={merchantId}
            allowDeselect={false}
            onChange={(v) => {
              setMerchantId(v ?? '');
              setProduct(props.merchants.find((m) => m.merchant_id === v)?.products[0] ?? '');
            }}
          />
        )}
        {!campaign && (
          <Select
            label={t('form.product')}
            description={t('form.productHint')}
            data={(merchant?.products ?? []).map((p) => ({ value: p, label: t(`product.${p}`) }))}
            value={product || null}
            allowDeselect={false}
            onChange={(v) => setProduct(v ?? '')}
            error={errors['/product']}
            data-testid="campaign-product"
          />
        )}
        <TextInput
          label={t('form.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors['/name']}
          maxLength={200}
          data-autofocus
        />
        <BudgetField
          currency={currency}
          bounds={merchant && { min: merchant.budget_min, max: merchant.budget_max }}
          value={budget}
          onChange={setBudget}
          running={campaign?.state === 'active'}
          error={errors['/daily_budget']}
        />
        <DialogFooter
          error={failed}
          cancel={{ label: t('form.cancel'), onClick: props.onClose }}
          action={{
            label: t(campaign ? 'form.save' : 'form.create'),
            loading: busy,
            onClick: () => void submit(),
          }}
        />
      </Stack>
    </Modal>
  );
}
