/**
 * What a signed-in merchant sees until the authenticated layout and its work areas are built (the next part
 * of the sign-in issue): who is signed in, logout, and an honest "not available yet".
 */
import { Box, Button, Center, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/Logo';
import { LanguageToggle } from '../components/LanguageToggle';
import { NotAvailableYet } from '../components/NotAvailableYet';
import { useAccount } from '../api/account';
import { logout } from './session';
import { RequireAuth } from './RequireAuth';

export function InterimHomePage() {
  return (
    <RequireAuth>
      <InterimHome />
    </RequireAuth>
  );
}

export function InterimHome() {
  const { t } = useTranslation();
  const account = useAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" px="lg" py="md" wrap="nowrap">
        <Logo />
        <Group gap="xs" wrap="nowrap">
          <LanguageToggle />
          <Button
            variant="default"
            onClick={async () => {
              await logout(queryClient);
              void navigate('/auth', { replace: true });
            }}
          >
            {t('logout')}
          </Button>
        </Group>
      </Group>
      <Center component="main" px="md" py={48}>
        <Stack align="center" gap="md" w="100%" maw={520}>
          <Text c="dimmed" dir="auto">
            {t('signedInAs', { who: account.data?.email ?? account.data?.phone ?? '' })}
          </Text>
          <NotAvailableYet />
        </Stack>
      </Center>
    </Box>
  );
}
