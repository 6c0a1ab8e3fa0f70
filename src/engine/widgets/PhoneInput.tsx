/**
 * Phone number with dial code (shell spec §5, §9): the seven dial codes (default SAU) in a 118 px selector,
 * digits only, at most 12 minus the dial code's length; the value is `+<digits>` (undefined when empty).
 * Numbers stay left to right in Arabic. A plain controlled input: the sign-in page uses it as is, the
 * catalogue's `phone` widget (PhoneWidget.tsx) wraps it.
 */
import { Group, Input, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DIAL_CODES,
  joinPhone,
  maxNationalDigits,
  splitPhone,
  type DialCountry,
} from '../../domain/countries';

export interface PhoneInputProps {
  id: string;
  label: string;
  value: string | undefined;
  /** A new number; `immediate` when the dial code changed (not typing). */
  onChange: (value: string | undefined, immediate: boolean) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  onBlur?: () => void;
  onFocus?: () => void;
}

export function PhoneInput(props: PhoneInputProps) {
  const { t } = useTranslation('widgets');
  const { country, digits } = splitPhone(props.value);
  const code = DIAL_CODES.find((d) => d.country === country)?.code ?? '';
  return (
    <Input.Wrapper id={props.id} label={props.label} required={props.required} error={props.error}>
      <Group gap={8} wrap="nowrap" dir="ltr" mt={4}>
        <NativeSelect
          w={118}
          aria-label={t('phone.dialCode')}
          value={country}
          disabled={props.disabled}
          data={DIAL_CODES.map((d) => ({
            value: d.country,
            label: `${t(`phone.country.${d.country}`)} +${d.code}`,
          }))}
          onChange={(event) => {
            const next = event.currentTarget.value as DialCountry;
            const nextCode = DIAL_CODES.find((d) => d.country === next)?.code ?? '';
            // The dial code is kept even before any digit, so the choice survives.
            props.onChange(
              joinPhone(next, digits.slice(0, maxNationalDigits(nextCode))) ?? `+${nextCode}`,
              true,
            );
          }}
          error={Boolean(props.error)}
        />
        <TextInput
          id={props.id}
          style={{ flex: 1 }}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          autoFocus={props.autoFocus}
          placeholder={t('phone.placeholder')}
          value={digits}
          maxLength={maxNationalDigits(code)}
          disabled={props.disabled}
          aria-invalid={Boolean(props.error)}
          aria-describedby={props.error ? `${props.id}-error` : undefined}
          error={Boolean(props.error)}
          onChange={(event) =>
            props.onChange(
              joinPhone(
                country,
                event.currentTarget.value.replace(/\D/g, '').slice(0, maxNationalDigits(code)),
              ),
              false,
            )
          }
          onBlur={props.onBlur}
          onFocus={props.onFocus}
        />
      </Group>
    </Input.Wrapper>
  );
}
