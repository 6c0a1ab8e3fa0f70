/**
 * What the sidebar holds besides its entries: the legal entity's alert, the payments survey's invitation, its foot.
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
  useDirection,
} from '@mantine/core';
import {
  IconAlertOctagon,
  IconAlertTriangle,
  IconChevronsLeft,
  IconChevronsRight,
  IconHelp,
  IconUserCircle,
} from '@tabler/icons-react';
import { useAccount } from '../../api/account';
import { LanguageToggle } from '../../components/LanguageToggle';
import { links } from '../../config/links';
import { SidebarLink } from './SidebarLink';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { legalEntityAlert } from './navigation';
import classes from './Sidebar.module.css';
import { analytics } from '../../analytics';
import { lazy, Suspense, useState } from 'react';
import { siteLink, useSiteLinks } from '../../api/siteLinks';
import { LOCAL_FLAGS, useLocalFlag } from '../../localFlags';
import type { Language } from '../../../domain/language';

/** The legal entity's alert at the list's top (its licence to renew, or the business suspended), folded to an icon. */
export function LegalEntityAlert(props: {
  alert: NonNullable<ReturnType<typeof legalEntityAlert>>;
  entityId: string;
  collapsed: boolean;
  bounce: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('shell');
  const { alert } = props;
  return (
    <>
      {!props.collapsed && (
        <Alert
          className={props.bounce ? classes.bounce : undefined}
          color={alert === 'warning' ? 'yellow' : 'red'}
          variant="light"
          icon={alert === 'warning' ? <IconAlertTriangle size={18} /> : <IconAlertOctagon size={18} />}
          p="xs"
        >
          <Text size="xs">{t(`legalEntityAlert.${alert}`)}</Text>
          <Anchor
            component={Link}
            to={alert === 'warning' ? `/legal-entities/${props.entityId}` : '/support'}
            size="xs"
            fw={600}
            onClick={() => {
              analytics.track('Legal Entity Alert Followed', { alert });
              props.onNavigate();
            }}
          >
            {t(alert === 'warning' ? 'legalEntityAlert.getStarted' : 'legalEntityAlert.contactSupport')}
          </Anchor>
        </Alert>
      )}
      {props.collapsed && (
        <Tooltip label={t(`legalEntityAlert.${alert}`)} position="right" multiline w={220}>
          <Box
            ta="center"
            className={props.bounce ? classes.bounce : undefined}
            c={alert === 'warning' ? 'yellow' : 'red'}
          >
            {alert === 'warning' ? (
              <IconAlertTriangle size={20} aria-label={t(`legalEntityAlert.${alert}`)} />
            ) : (
              <IconAlertOctagon size={20} aria-label={t(`legalEntityAlert.${alert}`)} />
            )}
          </Box>
        </Tooltip>
      )}
    </>
  );
}

const SurveyDialog = lazy(() => import('./SurveyDialog').then((m) => ({ default: m.SurveyDialog })));

/**
 * The payments survey (the `acquiring_survey` experiment; shell §1's survey widget): the card inviting to it until
 * closed for good, and the survey's dialog it opens. No survey page set (SURVEY_URL), no card: an invitation to
 * nothing would not work.
 */
export function SurveyInvitation(props: { lang: Language }) {
  const [closed, setClosed] = useLocalFlag(LOCAL_FLAGS.surveyClosed);
  const [visited, setVisited] = useLocalFlag(LOCAL_FLAGS.surveyVisited);
  const [open, setOpen] = useState(false);
  const survey = siteLink(useSiteLinks()?.survey, props.lang);
  if (!survey) return null;
  return (
    <>
      {closed !== '1' && (
        <SurveyCard
          visited={visited === '1'}
          onClose={() => setClosed('1')}
          onOpen={() => {
            setOpen(true);
            setVisited('1');
          }}
        />
      )}
      {open && (
        <Suspense fallback={null}>
          <SurveyDialog address={survey} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The survey's invitation: opens it, and is closed for good by its close button; once opened, offers to go back. */
function SurveyCard(props: { onClose: () => void; onOpen: () => void; visited: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <Paper withBorder p="xs" radius="md" bg="mint.0">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
        <Text size="xs" fw={600}>
          {t('survey.title')}
        </Text>
        <CloseButton size="sm" aria-label={t('survey.close')} onClick={props.onClose} />
      </Group>
      <Text size="xs" c="dimmed">
        {t('survey.body')}
      </Text>
      <Button size="compact-xs" variant="light" mt={6} onClick={props.onOpen}>
        {props.visited ? t('survey.again') : t('survey.open')}
      </Button>
    </Paper>
  );
}

/** The sidebar's foot: on a phone the language and the help centre; the account, and folding the sidebar. */
export function SidebarFooter(props: {
  collapsed: boolean;
  lang: 'en' | 'ar';
  onToggle: () => void;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('shell');
  const { collapsed, lang } = props;
  const account = useAccount();
  const location = useLocation();
  const { dir } = useDirection();
  return (
    <Stack gap={2} p={collapsed ? 8 : 'xs'} className={classes.footer}>
      {/* The language toggle and the help centre are in the top bar on a desktop (once is enough); the phone's
          top bar has no room for them, so the drawer keeps them (spec §2.3's footer). */}
      <Box hiddenFrom="sm">
        <Stack gap={2}>
          <LanguageToggle />
          <SidebarLink
            nav={{ id: 'helpCenter', path: links.helpCenter(lang) }}
            external
            icon={IconHelp}
            collapsed={collapsed}
            active={false}
            onNavigate={props.onNavigate}
          />
        </Stack>
      </Box>
      {/* The account and the collapse control share a row (one row less between the list and the bottom). */}
      <Group gap={4} wrap="nowrap" className={collapsed ? classes.footerRowCollapsed : undefined}>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <SidebarLink
            nav={{ id: 'account', path: '/account' }}
            icon={IconUserCircle}
            label={account.data?.email ?? account.data?.phone ?? t('nav.account')}
            ltrLabel={Boolean(account.data?.email ?? account.data?.phone)}
            badge={account.data && !account.data.phone ? { text: '1', color: 'red' } : undefined}
            collapsed={collapsed}
            active={location.pathname.startsWith('/account')}
            onNavigate={props.onNavigate}
          />
        </Box>
        <ActionIcon
          variant="subtle"
          color="gray"
          visibleFrom="sm"
          onClick={props.onToggle}
          aria-label={t(collapsed ? 'expand' : 'collapse')}
          aria-expanded={!collapsed}
        >
          {collapsed === (dir === 'rtl') ? <IconChevronsLeft size={18} /> : <IconChevronsRight size={18} />}
        </ActionIcon>
      </Group>
    </Stack>
  );
}
