/**
 * Multi-select: several options of a list, searchable, shown as removable chips. The list is the field's
 * `items.enum` (an array with `uniqueItems`), or comes from the server (`ui:options.source`, through the
 * flow's `options` service: the account's stores, say) while the schema bounds the values. Stored in the
 * order picked; empty is stored as no value so `minItems`/`required` can say so.
 */
import { useEffect, useState } from 'react';
import { Button, Group, MultiSelect, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { servicesOf, type SelectOption } from './services';

interface EnumOption {
  label: string;
  value: unknown;
}

/** The options of a list from the server, with a retry when they could not be fetched. */
function useSourceOptions(props: WidgetProps, source: string | null) {
  const { i18n } = useTranslation();
  const services = servicesOf(props);
  const [attempt, setAttempt] = useState(0);
  const key = `${source}|${i18n.language}|${attempt}`;
  const [state, setState] = useState<{ key: string; options?: SelectOption[]; failed?: boolean }>({
    key: '',
  });
  useEffect(() => {
    if (!source || !services.options) return;
    let live = true;
    services.options(source, undefined, i18n.language).then(
      (options) => live && setState({ key, options }),
      () => live && setState({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, source, services, i18n.language]);
  const current = state.key === key ? state : { key, options: undefined, failed: false };
  return { ...current, retry: () => setAttempt((n) => n + 1) };
}

export function MultiSelectWidget(props: WidgetProps) {
  const { t } = useTranslation('widgets');
  const source = typeof props.options.source === 'string' ? props.options.source : null;
  const fetched = useSourceOptions(props, source);
  const options: EnumOption[] = source
    ? (fetched.options ?? []).map((o) => ({ label: o.label, value: o.value }))
    : ((props.options.enumOptions ?? []) as EnumOption[]);
  const values = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  const error = props.rawErrors?.length ? props.rawErrors.join('\n') : undefined;
  const loading = source !== null && !fetched.options && !fetched.failed;
  return (
    <div>
      <MultiSelect
        id={props.id}
        name={props.htmlName || props.id}
        label={props.hideLabel ? undefined : props.label}
        description={props.hideLabel ? undefined : (props.options.description as string | undefined)}
        required={props.required}
        disabled={props.disabled || props.readonly || loading}
        error={error}
        searchable
        clearable
        nothingFoundMessage={t('multiSelect.nothingFound')}
        placeholder={
          loading ? t('multiSelect.loading') : values.length === 0 ? t('multiSelect.placeholder') : undefined
        }
        data={options.map((o, index) => ({ value: String(index), label: o.label }))}
        value={values.map((v) => String(options.findIndex((o) => o.value === v))).filter((i) => i !== '-1')}
        onChange={(picked) => {
          const next = picked.map((index) => options[Number(index)]?.value);
          props.onChange(next.length === 0 ? undefined : next);
        }}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
      {fetched.failed && (
        <Group gap="xs" mt={4}>
          <Text size="sm" c="red" role="alert">
            {t('multiSelect.failed')}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={fetched.retry}>
            {t('multiSelect.retry')}
          </Button>
        </Group>
      )}
    </div>
  );
}
