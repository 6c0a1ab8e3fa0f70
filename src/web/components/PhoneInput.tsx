/**
 * Phone number with dial code (shell spec §5, §9): the seven dial codes (default SAU) in a 118 px selector,
 * digits only, at most 12 minus the dial code's length. The value is `+<digits>`. Numbers stay left to
 * right in Arabic.
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

export function PhoneInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('widgets');
  const { country, digits } = splitPhone(props.value);
  const code = DIAL_CODES.find((d) => d.country === country)?.code ?? '';
  return (
    <Input.Wrapper id={props.id} label={props.label} error={props.error}>
      <Group gap={8} wrap="nowrap" dir="ltr" mt={4}>
        <NativeSelect
          w={118}
          aria-label={t('phone.dialCode')}
          value={country}
          data={DIAL_CODES.map((d) => ({
            value: d.country,
            label: `${t(`phone.country.${d.country}`)} +${d.code}`,
          }))}
          onChange={(event) => {
            const next = event.currentTarget.value as DialCountry;
            const nextCode = DIAL_CODES.find((d) => d.country === next)?.code ?? '';
            props.onChange(joinPhone(next, digits.slice(0, maxNationalDigits(nextCode))) ?? `+${nextCode}`);
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
          aria-invalid={Boolean(props.error)}
          aria-describedby={props.error ? `${props.id}-error` : undefined}
          error={Boolean(props.error)}
          onChange={(event) =>
            props.onChange(
              joinPhone(
                country,
                event.currentTarget.value.replace(/\D/g, '').slice(0, maxNationalDigits(code)),
              ) ?? `+${code}`,
            )
          }
        />
      </Group>
    </Input.Wrapper>
  );
}
