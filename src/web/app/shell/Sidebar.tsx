/**
 * The sidebar (shell spec §2.3): sections and items shown by computed permission, badges, the survey card,
 * the application item, the legal-entity alert (it bounces when the collapse button is clicked), the footer
 * (language, help centre, account), collapse 64/200 remembered, and the disputes tutorial's second step on
 * the users item.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Box, Button, CloseButton, Group, Menu, NavLink, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { links } from '../../config/links';
import { isPlannedPath } from '../../config/plannedAreas';
import { isLanguage } from '../../../domain/language';
import { LOCAL_FLAGS, useLocalFlag } from '../../localFlags';
import { useAccount } from '../../api/account';
import type { SeenArea } from '../../../domain/seenAreas';
import { useActiveDisputes } from '../../api/activeDisputes';
import { useHandOffArea } from '../../components/areaHandOff';
import { useFlowEntries, entryAllowed, type FlowEntryView } from '../../api/flowEntries';
import { ENTRY_ICONS } from './icons';
import { legalEntityAlert, NAVIGATION, type NavItem } from './navigation';
import type { ShellData } from './useShell';
import classes from './Sidebar.module.css';
import { SidebarLink } from './SidebarLink';
import { LegalEntityAlert, SidebarFooter, SurveyInvitation } from './SidebarParts';
import { useChat } from '../../api/chat';

/** The items whose area is not built yet: the table is fixed, so worked out once, not on every render. */
const PLANNED_ITEMS = new Set(
  NAVIGATION.flatMap((section) => section.items)
    .filter((nav) => isPlannedPath(nav.path))
    .map((nav) => nav.id),
);

export function Sidebar(props: {
  shell: ShellData;
  collapsed: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}) {
  const { t, i18n } = useTranslation('shell');
  const { shell, collapsed } = props;
  const account = useAccount();
  const location = useLocation();
  const [bounce, setBounce] = useState(false);
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const alert = legalEntityAlert(shell.legalEntity?.status);
  const { viewport, list, moreBelow, measureMore } = useMoreBelow();

  const toggle = () => {
    props.onToggle();
    setBounce(true);
    setTimeout(() => setBounce(false), 400);
  };

  // "New" until the page has been visited, for the account (the layout marks it on that page; issue 56). Until the
  // account is read, no badge rather than one that may go a moment later.
  const seenAreas = account.data?.seen_areas;
  const seen = (area: SeenArea) => !seenAreas || seenAreas.includes(area);

  // Disputes: the open ones' count when the member may fetch them (0: no badge), else "new" until visited.
  const canFetchDisputes = shell.permissions.canFetchDisputes;
  const activeDisputes = useActiveDisputes(canFetchDisputes);
  const chatUnread = useChat((s) => s.state.has_unread_messages);
  const badgeOf = (name: NavItem['badge'] | ExtraItem['badge']) => {
    // The application: what the merchant must act on or know, until it moves on.
    if (name === 'application')
      return shell.applicationStatus === 'sent_back'
        ? { text: t('applicationBadge.sent_back'), color: 'yellow' }
        : shell.applicationStatus === 'rejected'
          ? { text: t('applicationBadge.rejected'), color: 'red' }
          : undefined;
    // Support: a dot while the chat has messages from support not yet read (spec §2.3, §2.9).
    if (name === 'support') return chatUnread ? { text: t('unread'), color: 'red', dot: true } : undefined;
    if (name === 'disputes' && canFetchDisputes)
      return activeDisputes.data?.total
        ? { text: String(activeDisputes.data.total), color: 'red' }
        : undefined;
    return name && !seen(name) ? { text: t('new'), color: 'mint' } : undefined;
  };

  // A page another area handed the merchant to keeps that area highlighted (components/areaHandOff.ts).
  const handOff = useHandOffArea();
  const item = (nav: NavItem | ExtraItem) => (
    <SidebarLink
      key={nav.id}
      nav={nav}
      external={'external' in nav && nav.external}
      badge={
        badgeOf(nav.badge) ??
        // An area not built yet says so before it is opened (issue 32).
        (PLANNED_ITEMS.has(nav.id) ? { text: t('area.soon'), color: 'gray', soon: true } : undefined)
      }
      collapsed={collapsed}
      active={handOff ? handOff === nav.id : location.pathname.startsWith(nav.path)}
      onNavigate={props.onNavigate}
    />
  );

  // Ops' form entries (flow.json `entry`) the member may open. One stays in its own section; two or more are
  // gathered in one "Forms" group at the list's end, so however many ops add, they cost the fullest sidebar one
  // row and never push a spec'd entry out of a 1280 × 800 screen (issue 56).
  const flowEntries = useFlowEntries();
  const allowedEntries = (flowEntries.data ?? []).filter((entry) => entryAllowed(entry, shell.permissions));
  const grouped = allowedEntries.length > 1;
  const flowItem = (entry: FlowEntryView) => {
    const path = `/forms/${entry.flow}`;
    return (
      <SidebarLink
        key={`flow:${entry.flow}`}
        nav={{ id: `flow-${entry.flow}`, path }}
        icon={ENTRY_ICONS[entry.icon]}
        label={entry.title[lang]}
        collapsed={collapsed}
        active={location.pathname === path || location.pathname.startsWith(`${path}/`)}
        onNavigate={props.onNavigate}
      />
    );
  };

  return (
    <Stack h="100%" gap={0} className={classes.sidebar} data-collapsed={collapsed || undefined}>
      {/* The browser's own scrolling: the scrollbar shows whenever the list is longer than the screen, and a shade
          at the bottom edge says there is more below (a 1280 × 720 screen; at 1280 × 800 every entry of the
          fullest sidebar fits). Not Mantine's ScrollArea, which measured its thumb on every load (~60 ms of the
          home's first render at 4x CPU, bench:home) and drew a scrollbar of its own. */}
      <div className={classes.scroll} data-more-below={moreBelow || undefined} data-testid="sidebar-scroll">
        <div className={classes.viewport} ref={viewport} onScroll={measureMore} data-testid="sidebar-list">
          <Stack gap={6} p={collapsed ? 8 : 'sm'} ref={list}>
            {alert && (
              <LegalEntityAlert
                alert={alert}
                entityId={shell.legalEntity?.id ?? ''}
                collapsed={collapsed}
                bounce={bounce}
                onNavigate={props.onNavigate}
              />
            )}
            {NAVIGATION.map((section) => {
              const items = section.items.filter((i) => i.allow(shell.permissions));
              const extra = extraItems(section.id, shell, lang);
              // A catalogue flow that declares an entry here (flow.json `entry`), after the section's own items.
              const flows = grouped ? [] : allowedEntries.filter((entry) => entry.section === section.id);
              if (items.length + extra.length + flows.length === 0) return null;
              return (
                <Box key={section.id} component="nav" aria-label={t(`section.${section.id}`)}>
                  {!collapsed && (
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" mb={2} lh={1.25}>
                      {t(`section.${section.id}`)}
                    </Text>
                  )}
                  <Stack gap={0}>
                    {extra.map(item)}
                    {items.map((nav) =>
                      nav.id === 'users' ? (
                        <UsersWithTutorial key="users" link={item(nav)} onNavigate={props.onNavigate} />
                      ) : (
                        item(nav)
                      ),
                    )}
                    {flows.map((entry) => flowItem(entry))}
                  </Stack>
                </Box>
              );
            })}
            {grouped && (
              <Box component="nav" aria-label={t('section.forms')}>
                <FormsGroup
                  entries={sectionOrder(allowedEntries)}
                  item={flowItem}
                  collapsed={collapsed}
                  lang={lang}
                  pathname={location.pathname}
                  onNavigate={props.onNavigate}
                />
              </Box>
            )}
            {shell.experiments.includes('acquiring_survey') && !collapsed && <SurveyInvitation lang={lang} />}
          </Stack>
        </div>
      </div>
      <SidebarFooter collapsed={collapsed} lang={lang} onToggle={toggle} onNavigate={props.onNavigate} />
    </Stack>
  );
}

/** An item the sidebar adds beside the permission table: the application, and support for an applicant. */
interface ExtraItem {
  id: string;
  path: string;
  /** The application's: a reviewer sent it back, or it was not approved (docs/review.md). */
  badge?: 'application';
  external?: boolean;
}

/**
 * The application item and, for an account without merchant access yet, a way to support. Spec §2.3 shows the
 * application item for a draft only; after submitting, that left an empty sidebar (issue 32), so it stays while
 * the application may be viewed (canViewApplication: a draft, or submitted and in review — it then opens the
 * view). Support itself needs merchant access (tickets belong to a merchant), so an applicant's "Support" opens
 * the help centre, whose last answer says how they are contacted.
 */
function extraItems(section: string, shell: ShellData, lang: 'en' | 'ar'): ExtraItem[] {
  if (section === 'general' && shell.permissions.canViewApplication && shell.applicationStatus !== null)
    return [{ id: 'application', path: '/applications', badge: 'application' }];
  if (section === 'businessProfile' && !shell.permissions.canViewSupport)
    return [{ id: 'support', path: links.helpCenter(lang), external: true }];
  return [];
}

/** Entries in the sidebar's order of sections (a flow's declared section still places it within the group). */
function sectionOrder(entries: FlowEntryView[]): FlowEntryView[] {
  const rank = (entry: FlowEntryView) => NAVIGATION.findIndex((section) => section.id === entry.section);
  return [...entries].sort((a, b) => rank(a) - rank(b));
}

/**
 * Ops' form entries as one item: open while one of its forms is on screen, and opened or closed by the merchant
 * otherwise. Collapsed to 64 px, its icon opens a menu of the forms beside the sidebar.
 */
function FormsGroup(props: {
  entries: FlowEntryView[];
  item: (entry: FlowEntryView) => ReactNode;
  collapsed: boolean;
  lang: 'en' | 'ar';
  pathname: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('shell');
  const here = props.entries.some((entry) => props.pathname.startsWith(`/forms/${entry.flow}`));
  const [opened, setOpened] = useState(here);
  // Arriving on one of its forms (from a link elsewhere) opens the group, so the current page is marked: React's
  // "adjust state when a prop changes" during render, not an effect drawing twice.
  const [wasHere, setWasHere] = useState(here);
  if (here !== wasHere) {
    setWasHere(here);
    if (here) setOpened(true);
  }
  const label = t('nav.forms');
  if (props.collapsed)
    return (
      <Menu position="right-start" withinPortal shadow="md">
        {/* Mantine's order for a menu target with a tooltip: the tooltip outside the target. */}
        <Tooltip label={label} position="right">
          <Menu.Target>
            <NavLink
              component="button"
              aria-label={label}
              active={here}
              className="mbo-nav-collapsed"
              leftSection={<IconClipboardList size={20} stroke={1.6} />}
            />
          </Menu.Target>
        </Tooltip>
        <Menu.Dropdown>
          <Menu.Label>{label}</Menu.Label>
          {props.entries.map((entry) => {
            const Icon = ENTRY_ICONS[entry.icon];
            return (
              <Menu.Item
                key={entry.flow}
                component={Link}
                to={`/forms/${entry.flow}`}
                leftSection={<Icon size={16} stroke={1.6} />}
                onClick={props.onNavigate}
              >
                {entry.title[props.lang]}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    );
  return (
    <NavLink
      component="button"
      label={label}
      leftSection={<IconClipboardList size={20} stroke={1.6} />}
      opened={opened}
      onChange={setOpened}
      childrenOffset="sm"
      noWrap
      data-testid="sidebar-forms"
    >
      {props.entries.map((entry) => props.item(entry))}
    </NavLink>
  );
}

/** The disputes tutorial's second step, on the users item (spec §2.3). */
function UsersWithTutorial(props: { link: ReactNode; onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const [step, setStep] = useLocalFlag(LOCAL_FLAGS.disputesTutorial);
  const navigate = useNavigate();
  const titleId = useId();
  return (
    <Popover
      opened={step === 'second'}
      withRoles={false}
      position="right"
      withArrow
      width={260}
      shadow="md"
      trapFocus={false}
    >
      <Popover.Target>
        <div>{props.link}</div>
      </Popover.Target>
      {/* Named by its title (Mantine names a dropdown after its target, "Users", otherwise). */}
      <Popover.Dropdown role="dialog" aria-labelledby={titleId}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" mb={4}>
          <Text size="sm" fw={600} id={titleId}>
            {t('tutorial.title')}
          </Text>
          <CloseButton size="sm" aria-label={t('tutorial.close')} onClick={() => setStep('done')} />
        </Group>
        <Text size="sm" mb="sm">
          {t('tutorial.body')}
        </Text>
        <Group justify="space-between">
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              setStep('first');
              props.onNavigate();
              void navigate('/disputes');
            }}
          >
            {t('tutorial.back')}
          </Button>
          <Button
            size="xs"
            onClick={() => {
              setStep('done');
              props.onNavigate();
              void navigate('/users');
            }}
          >
            {t('tutorial.add')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Whether the sidebar's list goes on below its visible part: measured on scroll, on resize and whenever the list
 * changes height (badges, the survey card, permissions arriving).
 */
function useMoreBelow() {
  const viewport = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [moreBelow, setMoreBelow] = useState(false);
  const measureMore = useCallback(() => {
    const v = viewport.current;
    if (v) setMoreBelow(v.scrollTop + v.clientHeight < v.scrollHeight - 2);
  }, []);
  useEffect(() => {
    measureMore();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measureMore);
    if (viewport.current) observer.observe(viewport.current);
    if (list.current) observer.observe(list.current);
    return () => observer.disconnect();
  }, [measureMore]);
  return { viewport, list, moreBelow, measureMore };
}
