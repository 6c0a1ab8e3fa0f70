import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The honest page for a route whose screen is not built yet. */
export function NotAvailableYet() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="xl" maw={520} w="100%">
      <Stack gap="sm">
        <Title order={1} size="h2">
          {t('notAvailable.title')}
        </Title>
        <Text c="dimmed">{t('notAvailable.body')}</Text>
      </Stack>
    </Card>
  );
}
