/**
 * A select whose options come from the server (`ui:options.source`, fetched
 * through the flow's `options` service), e.g. business sections and their
 * categories (spec §7). With `ui:options.dependsOn` (the JSON pointer of
 * another answer) the list follows that answer and stays empty until it is
 * given. Stores the option's value (a number stays a number).
 */
import { useSyncExternalStore } from 'react';
import { Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { inputProps } from './inputProps';
import { useTranslation } from 'react-i18next';
import { servicesOf, watchOf } from './services';
import { SourceFailed, useSourceOptions } from './SourceOptions';

const noSubscribe = () => () => undefined;

export function ApiSelectWidget(props: WidgetProps) {
  const { t } = useTranslation('widgets');
  const services = servicesOf(props);
  const watch = watchOf(props);
  const source = typeof props.options.source === 'string' ? props.options.source : null;
  const pointer = typeof props.options.dependsOn === 'string' ? props.options.dependsOn : null;
  const parent = useSyncExternalStore(watch?.subscribe ?? noSubscribe, () =>
    pointer && watch ? watch.get(pointer) : undefined,
  );
  const waiting = pointer !== null && (parent === undefined || parent === null || parent === '');
  const fetched = useSourceOptions(services, source, parent, !waiting);
  const options = waiting ? [] : (fetched.options ?? []);
  const loading = fetched.loading;
  const value = props.value === undefined || props.value === null ? null : String(props.value);

  return (
    <div>
      <Select
        {...inputProps(props)}
        disabled={props.disabled || props.readonly}
        searchable
        nothingFoundMessage={
          waiting ? t('apiSelect.waiting') : loading ? t('apiSelect.loading') : t('multiSelect.nothingFound')
        }
        placeholder={
          waiting ? t('apiSelect.waiting') : loading ? t('apiSelect.loading') : props.placeholder || undefined
        }
        data={options.map((o) => ({ value: String(o.value), label: o.label }))}
        value={value}
        onChange={(picked) => {
          const option = options.find((o) => String(o.value) === picked);
          props.onChange(option ? option.value : undefined);
        }}
      />
      {fetched.failed && <SourceFailed onRetry={fetched.retry} />}
    </div>
  );
}
