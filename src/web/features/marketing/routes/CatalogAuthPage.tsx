/**
 * `marketplace/product-catalog/auth` (shell spec §2.6, §6 canViewProductCatalog; docs/marketing.md "The catalogue
 * permission"): what the marketplace reads from the connected platforms' catalogue, and the merchant's answer —
 * allow, or revoke (after a confirmation: every product leaves the marketplace).
 */
import { Alert, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailFrame } from '../../../components/DetailFrame';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { dayText, langOf } from '../../../components/listText';
import { notify } from '../../../components/notificationStore';
import { PageHeader } from '../../../components/PageHeader';
import { useAuthoriseCatalog, useConnections } from '../api';

export function CatalogAuthPage() {
  const { t, i18n } = useTranslation('marketing');
  const query = useConnections();
  const authorisation = useAuthoriseCatalog();
  // The merchant whose answer is on its way.
  const busy = authorisation.isPending ? authorisation.variables.merchantId : null;
  const [revoking, setRevoking] = useState<string | null>(null);

  const answer = async (merchantId: string, grant: boolean) => {
    try {
      await authorisation.mutateAsync({ merchantId, grant });
      notify({
        variant: 'success',
        title: t('auth.title'),
        message: t(grant ? 'auth.granted' : 'auth.revoked'),
      });
      setRevoking(null);
    } catch {
      notify({ variant: 'error', title: t('auth.title'), message: t('auth.failed') });
    }
  };

  return (
    <DetailFrame
      query={query}
      area={{ title: t('marketplace.title'), to: '/marketplace' }}
      t={t}
      skeleton={{ testId: 'auth-loading', blocks: [{ h: 36, w: 280 }, 200] }}
    >
      {(data, crumbs) => {
        const merchants = data.merchants.filter((m) => m.product_catalog);
        return (
          <>
            <PageHeader title={t('auth.title')} breadcrumbs={crumbs} />
            <Stack gap="md" maw={720}>
              <Text size="sm">{t('auth.body')}</Text>
              <List size="sm" spacing={4}>
                <List.Item>{t('auth.reads.titles')}</List.Item>
                <List.Item>{t('auth.reads.prices')}</List.Item>
                <List.Item>{t('auth.reads.stock')}</List.Item>
              </List>
              <Text size="sm" c="dimmed">
                {t('auth.never')}
              </Text>
              {merchants.length === 0 && (
                <Alert color="yellow" title={t('products.forbidden.title')}>
                  {t('products.forbidden.body')}
                </Alert>
              )}
              {merchants.map((m) => (
                <Card withBorder key={m.merchant_id} data-testid="catalog-auth">
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <Stack gap={2}>
                      <Text fw={600}>
                        <bdi>{m.merchant_name}</bdi>
                      </Text>
                      <Text
                        size="sm"
                        c={m.catalog_authorised_at ? 'green.8' : 'dimmed'}
                        data-testid="catalog-auth-state"
                      >
                        {m.catalog_authorised_at
                          ? t('auth.allowedSince', {
                              date: dayText(m.catalog_authorised_at, langOf(i18n.language)),
                            })
                          : t('auth.notAllowed')}
                      </Text>
                    </Stack>
                    {m.catalog_authorised_at ? (
                      <Button variant="default" color="red" onClick={() => setRevoking(m.merchant_id)}>
                        {t('auth.revoke')}
                      </Button>
                    ) : (
                      <Button
                        loading={busy === m.merchant_id}
                        onClick={() => void answer(m.merchant_id, true)}
                      >
                        {t('auth.allow')}
                      </Button>
                    )}
                  </Group>
                </Card>
              ))}
            </Stack>
            {revoking && (
              <ConfirmDialog
                title={t('auth.revokeTitle')}
                body={t('auth.revokeBody')}
                action={t('auth.revoke')}
                cancel={t('cancel')}
                busy={busy === revoking}
                onConfirm={() => void answer(revoking, false)}
                onClose={() => setRevoking(null)}
              />
            )}
          </>
        );
      }}
    </DetailFrame>
  );
}
