/**
 * Connect (`ui:widget: connect`, `ui:options.source`: the connector, e.g. `ecommerce`): the platforms a merchant
 * may connect through the connector's consent page (capital spec §2 "Sales data"). Its value is the list of
 * platforms connected, kept in step with the server (a platform connected in another tab counts too; "Check
 * again" asks anew).
 *
 * Connect goes to the connector's consent page — the browser leaves the form, and what was typed is saved on the
 * way out, as on any page change — which comes back to this address with `platform` and `public_token`, or with
 * `error=access_denied` when the merchant cancelled. Coming back, the widget hands the token to the connector,
 * says how it went, and takes the token out of the address (a reload never sends it twice). A sandbox connector
 * (nothing real connected) is said so above the list, in words no merchant can miss.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Group, Input, Skeleton, Stack } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/** The list, in its own chunk: only a step that connects something pays for it. */
const ConnectList = lazy(() => import('./ConnectList'));

export function ConnectWidget(props: WidgetProps) {
  const { t } = useTranslation('widgets');
  const [refresh, setRefresh] = useState(0);
  const error = props.rawErrors?.length ? props.rawErrors.join('\n') : undefined;
  return (
    <Input.Wrapper label={props.label} error={error}>
      <Stack gap="sm" mt={6} id={props.id}>
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={props.disabled || props.readonly}
            onClick={() => setRefresh((n) => n + 1)}
            onBlur={() => props.onBlur(props.id, props.value)}
          >
            {t('connect.refresh')}
          </Button>
        </Group>
        <Suspense fallback={<Skeleton height={160} radius="md" aria-busy="true" />}>
          <ConnectList {...props} refresh={refresh} />
        </Suspense>
      </Stack>
    </Input.Wrapper>
  );
}
