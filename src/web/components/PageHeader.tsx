/**
 * A page's header (shell spec §2.2): breadcrumbs or a title, and the page's actions. On phones the primary
 * action becomes a floating button and the other actions go into a menu.
 */
import type { ReactNode } from 'react';
import { PhoneMenu } from './PhoneMenu';
import { Affix, Anchor, Breadcrumbs, Button, Group, Menu, Stack, Title } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface PageAction {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
  /** The action opens a dialog (not a download or another page): the hit-test sweep opens it (e2e/hit-test.spec.ts). */
  opens?: 'dialog';
}

/** Marks an action's button for the hit-test sweep: `dialog` for one that opens a dialog, else `other`. */
const actionMark = (action: PageAction) => ({ 'data-page-action': action.opens ?? 'other' });

export function PageHeader(props: {
  title: string;
  breadcrumbs?: { label: string; to: string }[];
  primary?: PageAction;
  actions?: PageAction[];
}) {
  const { t } = useTranslation();
  const actions = props.actions ?? [];
  return (
    <Group justify="space-between" align="flex-end" wrap="nowrap" mb="lg">
      <Stack gap={4} style={{ minWidth: 0 }}>
        {props.breadcrumbs && props.breadcrumbs.length > 0 && (
          <Breadcrumbs separator="›" fz="sm">
            {props.breadcrumbs.map((crumb) => (
              <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ))}
          </Breadcrumbs>
        )}
        <Title order={1} size="h2">
          {/* A title may be data (a company's name, a ticket's subject): its own direction, so "Co." keeps its
              full stop at the end on a right-to-left page. */}
          <bdi>{props.title}</bdi>
        </Title>
      </Stack>
      {/* Wider screens: every action as a button. */}
      <Group gap="xs" visibleFrom="sm" wrap="nowrap">
        {actions.map((action) => (
          <Button
            key={action.label}
            variant="default"
            leftSection={action.icon}
            onClick={action.onClick}
            {...actionMark(action)}
          >
            {action.label}
          </Button>
        ))}
        {props.primary && (
          <Button
            leftSection={props.primary.icon}
            onClick={props.primary.onClick}
            {...actionMark(props.primary)}
          >
            {props.primary.label}
          </Button>
        )}
      </Group>
      {/* Phones: the other actions in a menu, the primary one floating. */}
      {actions.length > 0 && (
        <PhoneMenu label={t('pageActions')} icon={<IconDotsVertical size={18} />} hiddenFrom="sm">
          {actions.map((action) => (
            <Menu.Item
              key={action.label}
              leftSection={action.icon}
              onClick={action.onClick}
              {...actionMark(action)}
            >
              {action.label}
            </Menu.Item>
          ))}
        </PhoneMenu>
      )}
      {props.primary && (
        // The page keeps room under its end for this button (AppLayout.module.css, `.main`), so the last row and
        // "Show more" scroll clear of it. Mantine's `right` is the inline end: the reading end's corner in Arabic too.
        <Affix position={{ bottom: 20, right: 20 }} hiddenFrom="sm" data-floating-action>
          <Button
            {...actionMark(props.primary)}
            size="md"
            radius="xl"
            style={{ boxShadow: 'var(--mantine-shadow-md)' }}
            leftSection={props.primary.icon}
            onClick={props.primary.onClick}
          >
            {props.primary.label}
          </Button>
        </Affix>
      )}
    </Group>
  );
}
