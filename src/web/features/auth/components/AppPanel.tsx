/** The mobile-app panel beside the sign-in form: a QR code and the store links (shell spec §1). */
import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { links } from '../../../config/links';
// Drawn at build time as an SVG asset (src/cli/qrVitePlugin.ts); the address must match links.merchantApp.
import qrSrc from 'virtual:qr?https://example.com/merchant-app';

export function AppPanel() {
  const { t } = useTranslation('auth');
  return (
    <Paper radius="lg" p="xl" bg="navy.8" c="white" h="100%">
      <Stack gap="md" justify="center" h="100%">
        <Title order={2} size="h3" c="white">
          {t('app.title')}
        </Title>
        <Text c="gray.3">{t('app.body')}</Text>
        <Group align="center" gap="lg" wrap="nowrap">
          <Box w={120} h={120} bg="white" p={6} style={{ borderRadius: 12, flexShrink: 0 }}>
            <img src={qrSrc} alt={t('app.qr')} width={108} height={108} style={{ display: 'block' }} />
          </Box>
          <Stack gap={8}>
            <Anchor href={links.appStore} target="_blank" rel="noreferrer" c="white" fw={600}>
              {t('app.appStore')}
            </Anchor>
            <Anchor href={links.googlePlay} target="_blank" rel="noreferrer" c="white" fw={600}>
              {t('app.googlePlay')}
            </Anchor>
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
