/**
 * A select whose options come from the server (`ui:options.source`, fetched
 * through the flow's `options` service), e.g. business sections and their
 * categories (spec §7). With `ui:options.dependsOn` (the JSON pointer of
 * another answer) the list follows that answer and stays empty until it is
 * given. Stores the option's value (a number stays a number).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Group, Select, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { servicesOf, watchOf, type SelectOption } from './services';

const noSubscribe = () => () => undefined;

export function ApiSelectWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('widgets');
  const services = servicesOf(props);
  const watch = watchOf(props);
  const source = String(props.options.source ?? '');
  const pointer = typeof props.options.dependsOn === 'string' ? props.options.dependsOn : null;
  const parent = useSyncExternalStore(watch?.subscribe ?? noSubscribe, () =>
    pointer && watch ? watch.get(pointer) : undefined,
  );
  const waiting = pointer !== null && (parent === undefined || parent === null || parent === '');
  const [state, setState] = useState<{ key: string; options?: SelectOption[]; failed?: boolean }>({
    key: '',
  });
  const [attempt, setAttempt] = useState(0);
  const key = `${source}|${JSON.stringify(parent ?? null)}|${i18n.language}|${attempt}`;

  useEffect(() => {
    if (waiting || !services.options) return;
    let live = true;
    services.options(source, parent, i18n.language).then(
      (options) => live && setState({ key, options }),
      () => live && setState({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, waiting, services, source, parent, i18n.language]);

  const current = state.key === key ? state : { key, options: undefined };
  const options = waiting ? [] : (current.options ?? []);
  const loading = !waiting && !current.options && !current.failed;
  const error = props.rawErrors?.length ? props.rawErrors.join('\n') : undefined;
  const value = props.value === undefined || props.value === null ? null : String(props.value);

  return (
    <div>
      <Select
        id={props.id}
        name={props.htmlName || props.id}
        label={props.hideLabel ? undefined : props.label}
        required={props.required}
        disabled={props.disabled || props.readonly}
        error={error}
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
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
      {current.failed && (
        <Group gap="xs" mt={4}>
          <Text size="sm" c="red">
            {t('apiSelect.failed')}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => setAttempt((a) => a + 1)}>
            {t('apiSelect.retry')}
          </Button>
        </Group>
      )}
    </div>
  );
}
