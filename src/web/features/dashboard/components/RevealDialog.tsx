/**
 * Revealing an API secret key (docs/dashboard.md): a fresh code goes to the member's own second factor as the
 * dialog opens; the code typed reveals the secret once (the server uses the code up). Wrong codes, lockouts and
 * a too-early resend say so in the spec's words (shell spec §8).
 */
import { Anchor, Group, Input, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { DialogFooter } from '../../../components/DialogFooter';
import { CODE_LENGTH } from '../../../../domain/signInFlow';
import { signInErrorKey } from '../../../../domain/signInErrors';
import type { StepUpAnswer } from '../../../../contract/merchants';
import { revealSecret, sendStepUpCode } from '../api';

export function RevealDialog(props: {
  merchantId: string;
  environment: 'production' | 'test';
  onClose: () => void;
  onRevealed: (secret: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: ta } = useTranslation('auth');
  const [sent, setSent] = useState<StepUpAnswer | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);

  const errorText = (e: unknown) =>
    e instanceof ApiError ? ta(`errors.${signInErrorKey(e, 'challenge')}`) : ta('errors.failedToLogin');

  const send = async () => {
    setError(null);
    try {
      setSent(await sendStepUpCode());
    } catch (e) {
      setError(errorText(e));
    }
  };
  useEffect(() => {
    // Once per opening (React runs effects twice in development).
    if (asked.current) return;
    asked.current = true;
    void send();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sends once, as the dialog opens
  }, []);

  const length = CODE_LENGTH[sent?.factor ?? 'phone'];
  const submit = async () => {
    if (code.length !== length) {
      setError(ta('codeDigits', { count: length }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await revealSecret(props.merchantId, { environment: props.environment, code });
      props.onRevealed(answer.secret_key);
    } catch (e) {
      setError(errorText(e));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={t(`home.keys.revealTitle.${props.environment}`)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">{sent ? t('home.keys.codeSent', { to: sent.to }) : t('home.keys.sending')}</Text>
          <Input.Wrapper id="reveal-code" label={ta('code.label')}>
            <Group dir="ltr" mt={6}>
              <PinInput
                id="reveal-code"
                length={length}
                type="number"
                inputMode="numeric"
                oneTimeCode
                autoFocus
                value={code}
                onChange={setCode}
                error={Boolean(error)}
                aria-label={ta('code.label')}
              />
            </Group>
          </Input.Wrapper>
          <Anchor component="button" type="button" size="sm" onClick={() => void send()} w="fit-content">
            {t('home.keys.resend')}
          </Anchor>
          <DialogFooter
            error={error}
            cancel={{ label: t('home.keys.cancel'), onClick: props.onClose }}
            action={{ label: t('home.keys.reveal'), submit: true, loading: busy }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
