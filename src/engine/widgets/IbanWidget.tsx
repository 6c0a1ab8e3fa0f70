/**
 * IBAN. Edit mode takes a full IBAN: shown grouped by four (while typing too,
 * the caret kept after the same characters), stored without spaces in capitals; the checksum
 * is the `iban` format's verdict. Confirm mode shows a known IBAN with
 * positions 3 and 4 and the last three hidden and asks for those five
 * characters ("please enter the correct missing digits" on a mismatch).
 * IBANs stay left to right in Arabic.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Input, PinInput, Stack, Text, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { servicesOf } from './services';
import { useDeferredChange } from './useDeferredChange';
import { fillIban, groupIban, maskIban } from '../core/iban';

export function IbanWidget(props: WidgetProps) {
  const mode =
    (props.options.mode ?? (props.schema as { 'x-ibanMode'?: string })['x-ibanMode']) === 'confirm'
      ? 'confirm'
      : 'edit';
  return mode === 'confirm' ? <ConfirmIban {...props} /> : <EditIban {...props} />;
}

/** Where the caret goes in `grouped` to stand after its first `count` letters and digits. */
export function caretAt(grouped: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < grouped.length; i += 1) {
    if (/[A-Za-z0-9]/.test(grouped[i]!)) seen += 1;
    if (seen === count) return i + 1;
  }
  return grouped.length;
}

function EditIban(props: WidgetProps) {
  // Typing reaches the form when it pauses or on blur (see useDeferredChange).
  const deferred = useDeferredChange<unknown>(props.value, props.onChange);
  const value = typeof deferred.value === 'string' ? deferred.value : '';
  const error = props.rawErrors?.length ? props.rawErrors.join('\n') : undefined;
  // Always shown grouped, typing included (the text never changes form on focus, so a select-all then typing
  // replaces it); after an edit the caret is put back after the same letters and digits, so it never jumps.
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || document.activeElement !== element) return;
    const position = caretAt(element.value, caret.current);
    caret.current = null;
    element.setSelectionRange(position, position);
  });
  return (
    <TextInput
      ref={input}
      id={props.id}
      label={props.label}
      required={props.required}
      error={error}
      dir="ltr"
      autoComplete="off"
      spellCheck={false}
      // No empty placeholder (rjsf hands "" for a field without): Chromium re-styles it on every keystroke.
      placeholder={props.placeholder || undefined}
      disabled={props.disabled || props.readonly}
      value={groupIban(value)}
      onChange={(event) => {
        const element = event.currentTarget;
        const before = element.value.slice(0, element.selectionStart ?? element.value.length);
        caret.current = before.replace(/[^A-Za-z0-9]/g, '').length;
        const electronic = element.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
        deferred.change(electronic === '' ? undefined : electronic);
      }}
      onFocus={() => props.onFocus(props.id, deferred.value)}
      onBlur={() => {
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
          getInputProps={(index) => ({ 'aria-label': t('iban.hiddenCharacter', { n: index + 1, total: 5 }) })}
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
