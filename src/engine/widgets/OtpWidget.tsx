/**
 * One-time code: as many boxes as the schema's length, digits only, a whole
 * code can be pasted, and a resend control disabled during a countdown that
 * restarts after a successful resend (spec §2.1, §4). A resend the server refuses
 * for too many attempts (429) says so and locks resend for `x-resendLockSeconds`
 * (default 5 minutes, capital spec §8, §9).
 */
import { useState } from 'react';
import { useCountdown } from './useCountdown';
import { Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { ResendLimited, servicesOf } from './services';

/** Seconds → `m:ss`. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function OtpWidget(props: WidgetProps) {
  const { t } = useTranslation('widgets');
  const schema = props.schema as {
    maxLength?: number;
    minLength?: number;
    'x-resendSeconds'?: number;
    'x-resendLockSeconds'?: number;
  };
  const length = schema.maxLength ?? schema.minLength ?? 6;
  const resendSeconds = schema['x-resendSeconds'] ?? 120;
  const lockSeconds = schema['x-resendLockSeconds'] ?? 300;
  const services = servicesOf(props);
  const [left, restartCountdown] = useCountdown(resendSeconds);
  const [sending, setSending] = useState(false);
  const [resendFailed, setResendFailed] = useState<'failed' | 'limited' | null>(null);
  const error = props.rawErrors?.length ? props.rawErrors.join('\n') : undefined;
  // A refused resend is said beside its button, whatever the code field's own message is.
  const resendProblem =
    resendFailed === 'limited'
      ? t('otp.tooManyAttempts')
      : resendFailed === 'failed'
        ? t('otp.resendFailed')
        : undefined;

  const resend = async () => {
    if (!services.resendOtp) return;
    setSending(true);
    setResendFailed(null);
    try {
      await services.resendOtp();
      restartCountdown();
    } catch (error) {
      if (error instanceof ResendLimited) {
        setResendFailed('limited');
        restartCountdown(lockSeconds);
      } else setResendFailed('failed');
    } finally {
      setSending(false);
    }
  };

  return (
    <Input.Wrapper id={props.id} label={props.label} required={props.required} error={error}>
      <Stack gap="sm" mt={6}>
        <Group dir="ltr" justify="flex-start">
          <PinInput
            id={props.id}
            length={length}
            type="number"
            inputMode="numeric"
            oneTimeCode
            value={typeof props.value === 'string' ? props.value : ''}
            disabled={props.disabled || props.readonly}
            error={Boolean(error)}
            aria-label={t('otp.code', { count: length })}
            getInputProps={(index) => ({ 'aria-label': t('otp.digit', { n: index + 1, total: length }) })}
            onChange={(code) => props.onChange(code === '' ? undefined : code)}
            onBlur={() => props.onBlur(props.id, props.value)}
          />
        </Group>
        {services.resendOtp && (
          <Group gap="xs">
            <Button variant="subtle" size="compact-sm" onClick={resend} disabled={left > 0} loading={sending}>
              {t('otp.resend')}
            </Button>
            {left > 0 && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('otp.resendIn', { time: formatCountdown(left) })}
              </Text>
            )}
          </Group>
        )}
        {resendProblem && (
          <Text size="sm" c="red" role="alert">
            {resendProblem}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
