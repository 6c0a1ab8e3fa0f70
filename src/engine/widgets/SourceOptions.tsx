/**
 * The options of a list that comes from the server (`ui:options.source`), through the flow's `options` service,
 * for `apiSelect` and `multiSelect`: asked again when the source, the answer it depends on or the language
 * changes, and after a failure when the merchant tries again.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SelectOption, WidgetServices } from './services';

/**
 * @param enabled - false while the list cannot be asked for yet (the answer it depends on is missing)
 */
export function useSourceOptions(
  services: WidgetServices,
  source: string | null,
  parent: unknown,
  enabled = true,
) {
  const { i18n } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const key = `${source}|${JSON.stringify(parent ?? null)}|${i18n.language}|${attempt}`;
  const [state, setState] = useState<{ key: string; options?: SelectOption[]; failed?: boolean }>({
    key: '',
  });
  useEffect(() => {
    if (!enabled || !source || !services.options) return;
    let live = true;
    services.options(source, parent, i18n.language).then(
      (options) => live && setState({ key, options }),
      () => live && setState({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, enabled, services, source, parent, i18n.language]);
  const current = state.key === key ? state : { key, options: undefined, failed: false };
  return {
    options: current.options,
    failed: current.failed === true,
    loading: enabled && source !== null && !current.options && !current.failed,
    retry: () => setAttempt((n) => n + 1),
  };
}

/** "The list could not be loaded" with a Try again. */
export function SourceFailed(props: { onRetry: () => void }) {
  const { t } = useTranslation('widgets');
  return (
    <Group gap="xs" mt={4}>
      <Text size="sm" c="red" role="alert">
        {t('apiSelect.failed')}
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={props.onRetry}>
        {t('apiSelect.retry')}
      </Button>
    </Group>
  );
}
