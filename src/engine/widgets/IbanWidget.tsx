/**
 * IBAN. Edit mode takes a full IBAN: shown grouped by four (raw while typing,
 * so the caret never jumps), stored without spaces in capitals; the checksum
 * is the `iban` format's verdict. Confirm mode shows a known IBAN with
 * positions 3 and 4 and the last three hidden and asks for those five
 * characters ("please enter the correct missing digits" on a mismatch).
 * IBANs stay left to right in Arabic.
 */
import { useState } from 'react';
import { Input, PinInput, Stack, Text, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { servicesOf } from './services';
import { useDeferredChange } from './useDeferredChange';

/** `SA0380000000608010167519` → `SA03 8000 0000 6080 1016 7519`. */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The known IBAN with positions 3, 4 and the last three replaced by dots. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 2)}••${iban.slice(4, -3)}•••`;
}

/** The IBAN with the five hidden characters put back, in order. */
export function fillIban(known: string, missing: string): string {
  return `${known.slice(0, 2)}${missing.slice(0, 2)}${known.slice(4, -3)}${missing.slice(2)}`;
}

export function IbanWidget(props: WidgetProps) {
  const mode =
    (props.options.mode ?? (props.schema as { 'x-ibanMode'?: string })['x-ibanMode']) === 'confirm'
      ? 'confirm'
      : 'edit';
  return mode === 'confirm' ? <ConfirmIban {...props} /> : <EditIban {...props} />;
}

function EditIban(props: WidgetProps) {
  const [focused, setFocused] = useState(false);
  // Typing reaches the form when it pauses or on blur (see useDeferredChange).
  const deferred = useDeferredChange<unknown>(props.value, props.onChange);
  const value = typeof deferred.value === 'string' ? deferred.value : '';
  const error = props.rawErrors?.length ? props.rawErrors.join('\n') : undefined;
  return (
    <TextInput
      id={props.id}
      label={props.label}
      required={props.required}
      error={error}
      dir="ltr"
      autoComplete="off"
      spellCheck={false}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
      disabled={props.disabled || props.readonly}
      value={focused ? value : groupIban(value)}
      onChange={(event) => {
        const electronic = event.currentTarget.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
        deferred.change(electronic === '' ? undefined : electronic);
      }}
      onFocus={() => {
        setFocused(true);
        props.onFocus(props.id, deferred.value);
      }}
      onBlur={() => {
        setFocused(false);
        deferred.flush();
        props.onBlur(props.id, deferred.value);
      }}
      styles={{ input: { fontVariantNumeric: 'tabular-nums', letterSpacing: '0.02em' } }}
    />
  );
}

function ConfirmIban(props: WidgetProps) {
  const { t } = useTranslation('widgets');
  const known =
    (typeof props.options.knownIban === 'string' ? props.options.knownIban : undefined) ??
    servicesOf(props).knownIban;
  const [mismatch, setMismatch] = useState(false);
  const error = mismatch
    ? t('iban.mismatch')
    : props.rawErrors?.length
      ? props.rawErrors.join('\n')
      : undefined;
  if (!known) return <Text c="red">{t('iban.noKnownIban')}</Text>;
  return (
    <Input.Wrapper
      id={props.id}
      label={props.label}
      required={props.required}
      error={error}
      description={t('iban.confirmHelp')}
    >
      <Stack gap={8} mt={6} dir="ltr" align="flex-start">
        <Text ff="monospace" fw={600} aria-label={t('iban.masked')}>
          {groupIban(maskIban(known))}
        </Text>
        <PinInput
          id={props.id}
          length={5}
          type="alphanumeric"
          aria-label={t('iban.missing')}
          disabled={props.disabled || props.readonly}
          error={Boolean(error)}
          onChange={(missing) => {
            if (missing.length < 5) {
              setMismatch(false);
              props.onChange(undefined);
              return;
            }
            const candidate = fillIban(known, missing.toUpperCase());
            setMismatch(candidate !== known);
            props.onChange(candidate === known ? known : undefined);
          }}
          onBlur={() => props.onBlur(props.id, props.value)}
        />
      </Stack>
    </Input.Wrapper>
  );
}
