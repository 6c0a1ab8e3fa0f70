/**
 * The signed-in layout's top bar (shell spec §2.2): the menu button (phones), the logo, the language toggle, the
 * help centre and logout (a menu on phones). Its own file so the page's first drawing (ShellFirstDraw.tsx, drawn
 * into the HTML at build) draws the same bar without the layout's data.
 */
import { ActionIcon, Burger, Button, Group, Menu } from '@mantine/core';
import { IconDots, IconHelp, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo';
import { LanguageToggle } from '../../components/LanguageToggle';
import { links } from '../../config/links';
import { isLanguage } from '../../../domain/language';
import classes from './ShellHeader.module.css';

export function ShellHeader(props: {
  /** No menu button: the page has no sidebar (a suspended legal entity). */
  noSidebar?: boolean;
  drawer: boolean;
  onBurger: () => void;
  onSignOut: () => void;
  /** Drawn into the HTML, before the layout's stylesheet has loaded (ShellFirstDraw.tsx). */
  firstDraw?: boolean;
}) {
  const { t, i18n } = useTranslation('shell');
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {!props.noSidebar && (
          // Shown at 768 px or less (spec §2.3; the layout's stylesheet). The HTML's drawing has only Mantine's
          // stylesheet, whose nearest rule hides it from 768 px: for that second a 768 px screen shows no button.
          <Burger
            opened={props.drawer}
            onClick={props.onBurger}
            {...(props.firstDraw ? { hiddenFrom: 'sm' } : { className: classes.burger })}
            size="sm"
            aria-label={t(props.drawer ? 'closeMenu' : 'openMenu')}
          />
        )}
        <Link to="/" style={{ textDecoration: 'none' }}>
          <Logo />
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap" visibleFrom="sm">
        <LanguageToggle />
        <Button
          component="a"
          href={links.helpCenter(lang)}
          target="_blank"
          rel="noreferrer"
          variant="subtle"
          color="navy"
          leftSection={<IconHelp size={18} />}
        >
          {t('helpCenter')}
        </Button>
        <Button variant="default" leftSection={<IconLogout size={18} />} onClick={props.onSignOut}>
          {t('logout')}
        </Button>
      </Group>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" hiddenFrom="sm" aria-label={t('more')}>
            <IconDots size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component="a"
            href={links.helpCenter(lang)}
            target="_blank"
            rel="noreferrer"
            leftSection={<IconHelp size={16} />}
          >
            {t('helpCenter')}
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={props.onSignOut}>
            {t('logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
