/**
 * Phone with dial code (spec §5, §9): the seven dial codes, default SAU; the
 * number keeps digits only, at most 12 minus the dial code's length; stored as
 * `+<digits>`. Whether the number is real for its country is the `phone`
 * format's verdict (libphonenumber-js), shown as the field's error.
 */
import { Group, Input, NativeSelect, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useDeferredChange } from './useDeferredChange';
import {
  DIAL_CODES,
  joinPhone,
  maxNationalDigits,
  splitPhone,
  type DialCountry,
} from '../../domain/countries';

export function PhoneWidget(props: WidgetProps) {
  const { t } = useTranslation('widgets');
  // Typing reaches the form when it pauses or on blur (see useDeferredChange); a new dial code at once.
  const { value, change, flush } = useDeferredChange<unknown>(props.value, props.onChange);
  const { country, digits } = splitPhone(typeof value === 'string' ? value : undefined);
  const code = DIAL_CODES.find((d) => d.country === country)?.code ?? '';
  const error = props.rawErrors?.length ? props.rawErrors.join('\n') : undefined;
  const disabled = props.disabled || props.readonly;
  return (
    <Input.Wrapper id={props.id} label={props.label} required={props.required} error={error}>
      {/* Phone numbers read left to right in Arabic too. */}
      <Group gap={8} wrap="nowrap" dir="ltr" mt={4}>
        <NativeSelect
          w={118}
          aria-label={t('phone.dialCode')}
          value={country}
          disabled={disabled}
          data={DIAL_CODES.map((d) => ({
            value: d.country,
            label: `${t(`phone.country.${d.country}`)} +${d.code}`,
          }))}
          onChange={(event) => {
            const next = event.currentTarget.value as DialCountry;
            const nextCode = DIAL_CODES.find((d) => d.country === next)?.code ?? '';
            change(joinPhone(next, digits.slice(0, maxNationalDigits(nextCode))));
            flush();
          }}
          error={Boolean(error)}
        />
        <TextInput
          id={props.id}
          style={{ flex: 1 }}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={t('phone.placeholder')}
          value={digits}
          maxLength={maxNationalDigits(code)}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${props.id}-error` : undefined}
          error={Boolean(error)}
          onChange={(event) =>
            change(
              joinPhone(
                country,
                event.currentTarget.value.replace(/\D/g, '').slice(0, maxNationalDigits(code)),
              ),
            )
          }
          onBlur={() => {
            flush();
            props.onBlur(props.id, value);
          }}
          onFocus={() => props.onFocus(props.id, value)}
        />
      </Group>
    </Input.Wrapper>
  );
}
