/**
 * Multi-select: several options of a list (an array of enum values with
 * `uniqueItems`), searchable, shown as removable chips. Stored in the order
 * picked; empty is stored as no value so `minItems`/`required` can say so.
 */
import { MultiSelect } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

interface EnumOption {
  label: string;
  value: unknown;
}

export function MultiSelectWidget(props: WidgetProps) {
  const { t } = useTranslation('widgets');
  const options = (props.options.enumOptions ?? []) as EnumOption[];
  const values = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  const error = props.rawErrors?.length ? props.rawErrors.join('\n') : undefined;
  return (
    <MultiSelect
      id={props.id}
      name={props.htmlName || props.id}
      label={props.hideLabel ? undefined : props.label}
      description={props.hideLabel ? undefined : (props.options.description as string | undefined)}
      required={props.required}
      disabled={props.disabled || props.readonly}
      error={error}
      searchable
      clearable
      nothingFoundMessage={t('multiSelect.nothingFound')}
      placeholder={values.length === 0 ? t('multiSelect.placeholder') : undefined}
      data={options.map((o, index) => ({ value: String(index), label: o.label }))}
      value={values.map((v) => String(options.findIndex((o) => o.value === v))).filter((i) => i !== '-1')}
      onChange={(picked) => {
        const next = picked.map((index) => options[Number(index)]?.value);
        props.onChange(next.length === 0 ? undefined : next);
      }}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}
