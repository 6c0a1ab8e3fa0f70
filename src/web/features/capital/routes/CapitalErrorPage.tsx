/**
 * {capital_base}/error (capital spec §2).
 */
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** {capital_base}/error (§2): "something went wrong", with a way to support. */
export function CapitalErrorPage() {
  const { t } = useTranslation('capital');
  return (
    <Stack align="center" ta="center" gap="md" py="xl" maw={480} mx="auto">
      <Title order={1} size="h2">
        {t('errorPage.title')}
      </Title>
      <Text c="dimmed">{t('errorPage.body')}</Text>
      <Button component={Link} to="/support">
        {t('errorPage.contact')}
      </Button>
    </Stack>
  );
}
