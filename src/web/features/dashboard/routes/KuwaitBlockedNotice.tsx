/**
 * The Kuwait notice (shell spec).
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { WithGate } from '../components/WithGate';

export function KuwaitBlockedNotice() {
  const { t } = useTranslation('dashboard');
  return (
    <WithGate page="kuwait-blocked-notice">
      {({ store }) => (
        <>
          <PageHeader title={t('kuwait.title')} />
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
            <Stack gap="sm" align="flex-start">
              <IconLock size={36} color="var(--mantine-color-gray-6)" aria-hidden />
              <Title order={2} size="h4">
                {t('kuwait.heading', { store: store.name })}
              </Title>
              <Text>{t('kuwait.body')}</Text>
            </Stack>
          </Paper>
        </>
      )}
    </WithGate>
  );
}
