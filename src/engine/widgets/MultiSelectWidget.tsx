/**
 * Multi-select: several options of a list, searchable, shown as removable chips. The list is the field's
 * `items.enum` (an array with `uniqueItems`), or comes from the server (`ui:options.source`, through the
 * flow's `options` service: the account's stores, say) while the schema bounds the values. Stored in the
 * order picked; empty is stored as no value so `minItems`/`required` can say so.
 */
import { MultiSelect } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { inputProps } from './inputProps';
import { useTranslation } from 'react-i18next';
import { servicesOf } from './services';
import { SourceFailed, useSourceOptions } from './SourceOptions';

interface EnumOption {
  label: string;
  value: unknown;
}

export function MultiSelectWidget(props: WidgetProps) {
  const { t } = useTranslation('widgets');
  const source = typeof props.options.source === 'string' ? props.options.source : null;
  const fetched = useSourceOptions(servicesOf(props), source, undefined);
  const options: EnumOption[] = source
    ? (fetched.options ?? []).map((o) => ({ label: o.label, value: o.value }))
    : ((props.options.enumOptions ?? []) as EnumOption[]);
  const values = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  const loading = fetched.loading;
  return (
    <div>
      <MultiSelect
        {...inputProps(props)}
        description={props.hideLabel ? undefined : (props.options.description as string | undefined)}
        disabled={props.disabled || props.readonly || loading}
        searchable
        clearable
        nothingFoundMessage={t('multiSelect.nothingFound')}
        placeholder={
          loading ? t('apiSelect.loading') : values.length === 0 ? t('multiSelect.placeholder') : undefined
        }
        data={options.map((o, index) => ({ value: String(index), label: o.label }))}
        value={values.map((v) => String(options.findIndex((o) => o.value === v))).filter((i) => i !== '-1')}
        onChange={(picked) => {
          const next = picked.map((index) => options[Number(index)]?.value);
          props.onChange(next.length === 0 ? undefined : next);
        }}
      />
      {fetched.failed && <SourceFailed onRetry={fetched.retry} />}
    </div>
  );
}
