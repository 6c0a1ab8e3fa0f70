/**
 * A code-entry step: the boxes (length per factor; a whole code can be pasted), a resend control disabled
 * during the countdown (restarted after a successful resend), and back/change (shell spec §2.1, §4).
 */
import { StepFormLayout } from './StepFormLayout';
import { useEffect, useState } from 'react';
import { useCountdown } from '../../engine/widgets/useCountdown';
import { Anchor, Button, Group } from '@mantine/core';
import { CodeBoxes } from './CodeBoxes';
import { useTranslation } from 'react-i18next';
import { RESEND_SECONDS } from '../../domain/signInFlow';

export function CodeStep(props: {
  title: string;
  body: string;
  length: number;
  error?: string;
  busy: boolean;
  onVerify: (code: string) => void;
  onResend: () => Promise<boolean>;
  backLabel: string;
  onBack: () => void;
  /** The code is dead (§8 "max attempts reached"): a new one may be asked for at once, countdown or not. */
  resendNow?: boolean;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [left, restartCountdown] = useCountdown(RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (props.resendNow) restartCountdown(0);
  }, [props.resendNow, restartCountdown]);
  const [checked, setChecked] = useState(false);
  const missing =
    checked && code.length !== props.length ? t('codeDigits', { count: props.length }) : undefined;
  const error = missing ?? props.error;

  const submit = (value: string) => {
    setChecked(true);
    if (value.length === props.length) props.onVerify(value);
  };

  return (
    <StepFormLayout title={props.title} body={props.body} onSubmit={() => submit(code)}>
      <CodeBoxes
        id="code"
        label={t('code.label')}
        length={props.length}
        value={code}
        onChange={setCode}
        // A whole code typed or pasted goes straight to the check.
        onComplete={submit}
        error={error}
        autoFocus
        size="lg"
        digitKey="auth:code.digit"
      />
      <Button type="submit" size="md" loading={props.busy} fullWidth>
        {t('verify.action')}
      </Button>
      <Group justify="space-between" gap="xs">
        <Anchor component="button" type="button" size="sm" onClick={props.onBack}>
          {props.backLabel}
        </Anchor>
        <Group gap={6}>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={left > 0}
            loading={sending}
            onClick={async () => {
              setSending(true);
              const sent = await props.onResend();
              setSending(false);
              if (sent) restartCountdown();
            }}
          >
            {left > 0 ? t('resendIn', { seconds: left }) : t('resend')}
          </Button>
        </Group>
      </Group>
    </StepFormLayout>
  );
}
