/**
 * A step-up code's dialog (docs/dashboard.md, docs/wallet.md): a fresh code goes to the member's own second factor
 * as the dialog opens — or, opened again within the resend interval, the dialog says when the code still valid was
 * sent (issue 56) — with the resend's countdown; the last digit typed hands the code to `onCode`, which spends it
 * (revealing a secret, moving money). Wrong codes and lockouts say so in the spec's words (shell spec §8); an error
 * `onCode` names itself (`describe`) says what is wrong instead. Texts of its own: the `auth` namespace.
 */
import { Button, Modal, Stack, Text } from '@mantine/core';
import { CodeBoxes } from './CodeBoxes';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { sendStepUpCode, type StepUpAnswer, type StepUpPurpose } from '../api/stepUp';
import { CODE_LENGTH } from '../../domain/signInFlow';
import { serverMessage, signInErrorKey } from '../../domain/signInErrors';
import { DialogFooter } from './DialogFooter';
import { isolateLtr, timeText } from './listText';
import { useCountdown } from '../../engine/widgets/useCountdown';

export function StepUpDialog(props: {
  /** What the code is for: the server takes it back only for this. */
  purpose: StepUpPurpose;
  title: string;
  /** What the code will do (the transfer's amount and account), above the code's field. */
  children?: ReactNode;
  /** The action's button ("Reveal", "Move SAR 500"). */
  action: string;
  /** Spends the code; throws to say it did not work (the code is then asked for again). */
  onCode: (code: string) => Promise<void>;
  /** A text for an error `onCode` threw that is not the code's (a refused transfer); null: the code's own. */
  describe?: (error: unknown) => string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<StepUpAnswer | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);
  const [left, restartCountdown] = useCountdown(0);

  const errorText = (e: unknown) =>
    props.describe?.(e) ??
    (e instanceof ApiError ? t(`errors.${signInErrorKey(e, 'challenge')}`) : t('errors.failedToLogin'));

  const send = async (resend: boolean) => {
    setError(null);
    try {
      const answer = await sendStepUpCode(props.purpose, resend);
      setSent(answer);
      restartCountdown(answer.resend_after);
    } catch (e) {
      setError(errorText(e));
    }
  };
  useEffect(() => {
    // Once per opening (React runs effects twice in development).
    if (asked.current) return;
    asked.current = true;
    void send(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sends once, as the dialog opens
  }, []);

  const length = CODE_LENGTH[sent?.factor ?? 'phone'];
  const submit = async (code: string) => {
    if (busy) return;
    if (code.length !== length) {
      setError(t('codeDigits', { count: length }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onCode(code);
    } catch (e) {
      setError(errorText(e));
      setCode('');
      // A dead code: a new one may be asked for at once.
      if (e instanceof ApiError && serverMessage(e.message) === 'max attempts reached') restartCountdown(0);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={props.title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(code);
        }}
      >
        <Stack>
          {props.children}
          <Text size="sm">
            {!sent
              ? t('stepUp.sending')
              : sent.sent
                ? t('stepUp.codeSent', { to: isolateLtr(sent.to) })
                : t('stepUp.stillValid', { to: isolateLtr(sent.to), at: isolateLtr(timeText(sent.sent_at)) })}
          </Text>
          <CodeBoxes
            id="step-up-code"
            label={t('code.label')}
            length={length}
            value={code}
            onChange={setCode}
            // The last digit typed (or a whole code pasted) goes straight to the check, as at sign-in.
            onComplete={(whole) => void submit(whole)}
            error={Boolean(error)}
            autoFocus
            digitKey="auth:code.digit"
          />
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            disabled={!sent || left > 0}
            onClick={() => void send(true)}
          >
            {left > 0 ? t('resendIn', { seconds: left }) : t('stepUp.resend')}
          </Button>
          <DialogFooter
            error={error}
            cancel={{ label: t('stepUp.cancel'), onClick: props.onClose }}
            action={{ label: props.action, submit: true, loading: busy }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
