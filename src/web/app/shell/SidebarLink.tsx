/**
 * One entry of the sidebar: its icon, its label (a tooltip when the sidebar is folded), its badge.
 */
import { memo } from 'react';
import { Badge, Box, NavLink, Tooltip, useDirection } from '@mantine/core';
import { IconClockHour4, IconHelp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAV_ICONS } from './icons';
import { UnreadDot } from '../../components/UnreadDot';

export interface SidebarLinkProps {
  nav: { id: string; path: string };
  collapsed: boolean;
  active: boolean;
  onNavigate: () => void;
  external?: boolean;
  icon?: (typeof NAV_ICONS)[string];
  label?: string;
  /** An e-mail or phone number: left to right in Arabic too. */
  ltrLabel?: boolean;
  /**
   * A count or "new" as a badge; `dot`: a small dot whose text is for screen readers and the tooltip; `soon`: a
   * quiet grey badge (an area not built yet), in the tooltip only when the sidebar is collapsed.
   */
  badge?: { text: string; color: string; dot?: boolean; soon?: boolean };
}

/**
 * A link is drawn again only when what it shows changes: the sidebar renders as each of its questions answers
 * (flows, open disputes, unread chat), and every link with it was ~15 % of a signed-in page's first renders at a
 * phone's CPU (issue 54, profiled: 17 links drawn 5 times). Its objects are compared by what they hold.
 */
export const SidebarLink = memo(SidebarLinkView, (before: SidebarLinkProps, after: SidebarLinkProps) =>
  (Object.keys({ ...before, ...after }) as (keyof SidebarLinkProps)[]).every((key) =>
    key === 'nav' || key === 'badge'
      ? JSON.stringify(before[key]) === JSON.stringify(after[key])
      : before[key] === after[key],
  ),
);

function SidebarLinkView(props: SidebarLinkProps) {
  const { t } = useTranslation('shell');
  const { dir } = useDirection();
  const Icon = props.icon ?? NAV_ICONS[props.nav.id] ?? IconHelp;
  const label = props.label ?? t(`nav.${props.nav.id}`);
  const badge = props.badge?.text;
  const common = {
    active: props.active,
    label: props.collapsed ? undefined : label,
    'aria-label': props.collapsed ? label : undefined,
    leftSection: <Icon size={20} stroke={1.6} />,
    rightSection:
      badge && !props.collapsed ? (
        props.badge?.dot ? (
          <UnreadDot label={badge} color={props.badge.color} testId={`nav-dot-${props.nav.id}`} />
        ) : props.badge?.soon ? (
          // A small clock, not a word: a "Soon" badge cut the longer names ("Analyt…") in 200 px.
          <IconClockHour4
            size={14}
            stroke={1.6}
            role="img"
            aria-label={badge}
            data-soon
            color="var(--mantine-color-dimmed)"
          />
        ) : (
          <Badge size="xs" color={props.badge?.color} variant="filled">
            {badge}
          </Badge>
        )
      ) : undefined,
    onClick: props.onNavigate,
    className: props.collapsed ? 'mbo-nav-collapsed' : undefined,
    noWrap: true,
    // An address reads left to right in Arabic too, and is cut at its end, not its start.
    styles: props.ltrLabel
      ? {
          body: {
            direction: 'ltr' as const,
            textAlign: (dir === 'rtl' ? 'right' : 'left') as 'right' | 'left',
          },
        }
      : undefined,
  };
  const link = props.external ? (
    <NavLink {...common} href={props.nav.path} target="_blank" rel="noreferrer" />
  ) : (
    <NavLink {...common} component={Link} to={props.nav.path} />
  );
  if (!props.collapsed) return link;
  return (
    <Tooltip label={badge ? `${label} (${badge})` : label} position="right" withinPortal>
      <Box pos="relative">
        {link}
        {badge && !props.badge?.soon && <Box className="mbo-nav-dot" aria-hidden />}
      </Box>
    </Tooltip>
  );
}
