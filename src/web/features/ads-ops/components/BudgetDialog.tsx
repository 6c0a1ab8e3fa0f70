/**
 * Ads ops set a campaign's daily budget (docs/ads.md "Ads ops"): up to ten times a merchant's ceiling, checked here
 * by the server's own rule (src/domain/ads.ts) and again by the server; what was typed stays when it refuses.
 */
import { Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { budgetProblem } from '../../../../domain/ads';
import { decimalToMinor } from '../../../../domain/money';
import { fieldMessages } from '../../../api/client';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../components/notificationStore';
import { BudgetField } from '../../../components/CampaignParts';
import { useChangeOpsCampaign, type OpsCampaign } from '../api';

export function BudgetDialog(props: { campaign: OpsCampaign; onClose: () => void }) {
  const { t } = useTranslation('ads');
  const { campaign } = props;
  const [budget, setBudget] = useState(campaign.daily_budget);
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | null>(null);
  const change = useChangeOpsCampaign();

  const submit = async () => {
    const amount = decimalToMinor(budget, campaign.currency);
    const problem =
      amount === null ? { key: 'error.budget' } : budgetProblem(amount, campaign.currency, true);
    setError(problem ? t(problem.key, problem.params ?? {}) : undefined);
    setFailed(null);
    if (problem) return;
    try {
      await change.mutateAsync({ campaign, change: { daily_budget: budget.trim() } });
      notify({ variant: 'success', title: t('title'), message: t('saved', { name: campaign.name }) });
      props.onClose();
    } catch (e) {
      const messages = fieldMessages(e, (key, params) => t(key, params));
      setError(messages['/daily_budget']);
      if (!messages['/daily_budget']) setFailed(t('form.failed'));
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={t('ops.budgetTitle', { name: campaign.name })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <BudgetField
            currency={campaign.currency}
            bounds={{ min: campaign.budget_min, max: campaign.budget_max }}
            value={budget}
            onChange={setBudget}
            running={campaign.state === 'active'}
            error={error}
            autoFocus
          />
          <DialogFooter
            error={failed}
            cancel={{ label: t('form.cancel'), onClick: props.onClose }}
            action={{ label: t('form.save'), loading: change.isPending, submit: true }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
