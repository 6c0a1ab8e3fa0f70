/**
 * The money area's "payout options" (`money/card-application/payout-options`): where the payouts go, the name on
 * the card and the terms — the application itself (components/CardApplicationForm); the card once issued.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardApplicationForm } from '../components/CardApplicationForm';
import { MoneyCardFrame } from '../components/MoneyCardFrame';

export function MoneyPayoutOptions() {
  const { t } = useTranslation('wallet');
  const [issued, setIssued] = useState(false);
  return (
    <MoneyCardFrame
      title={t('money.optionsTitle')}
      back="/money/card-application/payout-changes"
      haveCard={issued ? t('money.done') : undefined}
    >
      {(holder) => <CardApplicationForm merchantId={holder.merchant_id} onIssued={() => setIssued(true)} />}
    </MoneyCardFrame>
  );
}
