/**
 * The studio's frame, for ops only (docs/studio.md).
 */
import { Anchor, AppShell, Button, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageToggle } from '../../../components/LanguageToggle';
import { StaffOnly } from '../../../components/StaffOnly';

function StudioFrame(props: { children: React.ReactNode }) {
  const { t } = useTranslation('studio');
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="lg">
            <Anchor component={Link} to="/studio" fw={700} c="inherit" underline="never">
              {t('title')}
            </Anchor>
            <Anchor component={Link} to="/studio/audit" size="sm">
              {t('nav.audit')}
            </Anchor>
            <Anchor component={Link} to="/ops/chat" size="sm">
              {t('nav.chat')}
            </Anchor>
          </Group>
          <Group gap="xs">
            <LanguageToggle />
            <Button component={Link} to="/logout" variant="subtle" size="compact-md">
              {t('nav.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl">{props.children}</Container>
      </AppShell.Main>
    </AppShell>
  );
}

/** Ops only: anyone else signed in is told, a visitor goes to sign-in and comes back. */
export function OpsOnly(props: { children: React.ReactNode }) {
  const { t } = useTranslation('studio');
  return (
    <StaffOnly denied={{ title: t('denied.title'), body: t('denied.body'), back: t('denied.back') }}>
      <StudioFrame>{props.children}</StudioFrame>
    </StaffOnly>
  );
}
