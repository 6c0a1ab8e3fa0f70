/**
 * The mobile-app panel beside the sign-in form (shell spec §1): a QR code of the app's address and the store
 * links — each only when the deployment set it (MERCHANT_APP_URL, APP_STORE_URL, GOOGLE_PLAY_URL; issue 56). The
 * sign-in page leaves the panel out when none is set.
 */
import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MERCHANT_APP_QR, siteLink, type SiteLinks } from '../../../api/siteLinks';
import { langOf } from '../../../components/listText';

export function AppPanel(props: { links: SiteLinks }) {
  const { t, i18n } = useTranslation('auth');
  const lang = langOf(i18n.language);
  const stores = [
    { href: siteLink(props.links.app_store, lang), label: t('app.appStore') },
    { href: siteLink(props.links.google_play, lang), label: t('app.googlePlay') },
  ].filter((store) => store.href !== null);
  return (
    <Paper radius="lg" p="xl" bg="navy.8" c="white" h="100%">
      <Stack gap="md" justify="center" h="100%">
        <Title order={2} size="h3" c="white">
          {t('app.title')}
        </Title>
        <Text c="gray.3">{t('app.body')}</Text>
        <Group align="center" gap="lg" wrap="nowrap">
          {props.links.merchant_app && (
            <Box w={120} h={120} bg="white" p={6} style={{ borderRadius: 12, flexShrink: 0 }}>
              {/* Drawn by the server from MERCHANT_APP_URL (routes/siteLinks.ts). */}
              <img
                src={MERCHANT_APP_QR}
                alt={t('app.qr')}
                width={108}
                height={108}
                style={{ display: 'block' }}
              />
            </Box>
          )}
          <Stack gap={8}>
            {stores.map((store) => (
              <Anchor
                key={store.label}
                href={store.href!}
                target="_blank"
                rel="noreferrer"
                c="white"
                fw={600}
              >
                {store.label}
              </Anchor>
            ))}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
