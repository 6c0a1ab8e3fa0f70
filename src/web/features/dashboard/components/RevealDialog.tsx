/**
 * Revealing an API secret key (docs/dashboard.md): the step-up code's dialog (components/StepUpDialog); the code
 * typed reveals the secret once (the server uses the code up).
 */
import { useTranslation } from 'react-i18next';
import { StepUpDialog } from '../../../components/StepUpDialog';
import { revealSecret } from '../api';
import { analytics } from '../../../analytics';

export function RevealDialog(props: {
  merchantId: string;
  environment: 'production' | 'test';
  onClose: () => void;
  onRevealed: (secret: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <StepUpDialog
      purpose="api_key_reveal"
      title={t(`home.keys.revealTitle.${props.environment}`)}
      action={t('home.keys.reveal')}
      onClose={props.onClose}
      onCode={async (code) => {
        const answer = await revealSecret(props.merchantId, { environment: props.environment, code });
        analytics.track('API Key Revealed', { environment: props.environment });
        props.onRevealed(answer.secret_key);
      }}
    />
  );
}
