/**
 * A store's contract: its parts, and signing it (docs/stores.md).
 */
import { Alert, Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { analytics } from '../../../analytics';
import { Day } from '../../../components/Day';
import { ListSkeleton, LoadFailed } from '../../../components/QueryStates';
import { notify } from '../../../components/notificationStore';
import { storeKeys, useContract, useSignContract, type StoreDetail } from '../api';
import { useQueryClient } from '@tanstack/react-query';
import { useExperiments } from '../../../api/experiments';
import { STORES_QUERY_KEY } from '../../../api/stores';
import { lazy, Suspense } from 'react';

// Signing inside the product loads only for the accounts that sign that way.
const ContractSigning = lazy(() =>
  import('../../../components/ContractSigning').then((m) => ({ default: m.ContractSigning })),
);

/** A part of a tab that loads on its own: skeleton, failure with Try again, then the content. */
function Part<T>(props: {
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('stores');
  if (props.query.isPending) return <ListSkeleton rows={2} height={44} testId="store-tab-loading" />;
  if (props.query.isError || props.query.data === undefined)
    return <LoadFailed title={t('tabFailed')} retry={t('retry')} onRetry={props.query.refetch} />;
  return <>{props.children(props.query.data)}</>;
}

/** Signing inside the product (onboarding §1 "embedded contract signing"), for accounts with the experiment. */
function EmbeddedSigning(props: { store: StoreDetail }) {
  const { t } = useTranslation('stores');
  const client = useQueryClient();
  return (
    <Suspense fallback={<ListSkeleton rows={3} height={44} testId="store-tab-loading" />}>
      <ContractSigning
        prepareUrl={`/merchant/api/v1/stores/${encodeURIComponent(props.store.id)}/contract/document`}
        onSigned={() => {
          analytics.track('Store Contract Signed', { store_id: props.store.id, embedded: true });
          // The contract's state, the store and the list read again: it is signed now.
          void client.invalidateQueries({ queryKey: storeKeys.detail(props.store.id) });
          void client.invalidateQueries({ queryKey: STORES_QUERY_KEY });
          notify({
            variant: 'success',
            title: t('contract.signedTitle'),
            message: t('contract.done'),
            autoHide: true,
          });
        }}
      />
    </Suspense>
  );
}

export function ContractTab(props: { store: StoreDetail }) {
  const { t } = useTranslation('stores');
  const query = useContract(props.store.id);
  const sign = useSignContract(props.store.id);
  const experiments = useExperiments();
  const embedded = experiments.data?.includes('embedded_contract') ?? false;
  const [accepted, setAccepted] = useState(false);
  const [missing, setMissing] = useState(false);
  return (
    <Part query={query}>
      {(contract) =>
        contract.signed ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck />}
            title={t('contract.signedTitle')}
            data-testid="contract-signed"
          >
            {contract.signed_at && (
              <Text size="sm">
                {t('contract.signedOn')} <Day iso={contract.signed_at} />
              </Text>
            )}
          </Alert>
        ) : (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={680}>
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('contract.heading', { store: `\u2068${props.store.name}\u2069` })}
              </Title>
              <Text size="sm">
                {t('contract.body', { merchant: `\u2068${props.store.merchant_name}\u2069` })}
              </Text>
              {!contract.can_sign ? (
                <Alert color="yellow" title={t('contract.cannotTitle')}>
                  <Text size="sm">{t('contract.cannot')}</Text>
                  <Button component={Link} to="/dashboard/business-profile" size="xs" variant="light" mt="sm">
                    {t('contract.toProfile')}
                  </Button>
                </Alert>
              ) : embedded ? (
                <EmbeddedSigning store={props.store} />
              ) : (
                <>
                  <Checkbox
                    label={t('contract.accept')}
                    checked={accepted}
                    error={missing && !accepted ? t('contract.acceptRequired') : undefined}
                    onChange={(event) => setAccepted(event.currentTarget.checked)}
                  />
                  <Button
                    style={{ alignSelf: 'flex-start' }}
                    loading={sign.isPending}
                    onClick={() => {
                      if (!accepted) return setMissing(true);
                      sign.mutate(undefined, {
                        onSuccess: () => {
                          analytics.track('Store Contract Signed', { store_id: props.store.id });
                          notify({
                            variant: 'success',
                            title: t('contract.signedTitle'),
                            message: t('contract.done'),
                            autoHide: true,
                          });
                        },
                        onError: () =>
                          notify({
                            variant: 'error',
                            title: t('contract.failedTitle'),
                            message: t('contract.failed'),
                          }),
                      });
                    }}
                  >
                    {t('contract.sign')}
                  </Button>
                </>
              )}
            </Stack>
          </Paper>
        )
      }
    </Part>
  );
}
