/**
 * The frame of the provider's staff pages (outside the merchant shell): a header naming the area, the staff
 * member's other pages beside it — for product ops the form studio, its audit log, the status message, the
 * support chat and the signed contracts; for ads ops their console — the language and sign-out, and the page under it. On a phone the other
 * pages and sign-out go into a menu, so the page's name keeps its room. Every staff page uses it, so none is left without a way back (issue 56).
 */
import { PhoneMenu } from './PhoneMenu';
import {
  Anchor,
  AppShell,
  Button,
  Container,
  Group,
  Menu,
  Text,
  Title,
  type MantineSize,
} from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StaffRole } from '../api/account';
import { LanguageToggle } from './LanguageToggle';

export type StaffPage = 'studio' | 'audit' | 'status' | 'chat' | 'contracts' | 'ads' | 'review';

/** Each staff role's pages, in the header's order. */
const PAGES: Record<StaffRole, { id: StaffPage; to: string }[]> = {
  ops: [
    { id: 'studio', to: '/studio' },
    { id: 'audit', to: '/studio/audit' },
    { id: 'status', to: '/ops/status-message' },
    { id: 'chat', to: '/ops/chat' },
    { id: 'contracts', to: '/ops/contracts' },
  ],
  ads_ops: [{ id: 'ads', to: '/ops/ads' }],
  onboarding_reviewer: [{ id: 'review', to: '/ops/review' }],
};

export function StaffFrame(props: {
  role?: StaffRole;
  current: StaffPage;
  /** The content's width (a queue and thread side by side need `xl`). */
  size?: MantineSize;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const pages = PAGES[props.role ?? 'ops'];
  const current = pages.find((p) => p.id === props.current) ?? pages[0]!;
  const others = pages.filter((p) => p !== current);
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={current.to}
              fw={700}
              c="inherit"
              underline="never"
              truncate
              style={{ minWidth: 0 }}
            >
              {t(`staff.page.${current.id}`)}
            </Anchor>
            {others.map((page) => (
              <Anchor key={page.id} component={Link} to={page.to} size="sm" visibleFrom="md">
                {t(`staff.page.${page.id}`)}
              </Anchor>
            ))}
          </Group>
          <Group gap={4} wrap="nowrap">
            <PhoneMenu label={t('staff.menu')} icon={<IconMenu2 size={18} />} hiddenFrom="md">
              {others.map((page) => (
                <Menu.Item key={page.id} component={Link} to={page.to}>
                  {t(`staff.page.${page.id}`)}
                </Menu.Item>
              ))}
              <Menu.Item component={Link} to="/logout">
                {t('staff.signOut')}
              </Menu.Item>
            </PhoneMenu>
            <LanguageToggle />
            <Button component={Link} to="/logout" variant="subtle" size="compact-md" visibleFrom="md">
              {t('staff.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size={props.size ?? 'lg'} px={0}>
          {props.children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

/** A staff page's name and what it is for, under the frame's header. */
export function StaffHeading(props: { title: string; intro: string }) {
  return (
    <>
      <Title order={1} size="h2" mb={4} mt="md">
        {props.title}
      </Title>
      <Text c="dimmed" mb="lg">
        {props.intro}
      </Text>
    </>
  );
}
