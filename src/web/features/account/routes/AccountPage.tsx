/**
 * Account (shell spec §2.6 account, account/sessions, account/phone): the e-mail and phone of the account,
 * adding a phone through the challenge set-up steps (a code confirms it), and the sessions — each device
 * signed in, revoke one, or sign out every other device; and whether this browser may be recorded (session replay).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Route, Routes, useNavigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_QUERY_KEY, useAccount } from '../../../api/account';
import { api, ApiError } from '../../../api/client';
import { notify } from '../../../components/notificationStore';
import { PageHeader } from '../../../components/PageHeader';
import { DialogFooter } from '../../../components/DialogFooter';
import { StepFormLayout } from '../../../components/StepFormLayout';
import { checkAddress } from '../../../components/addressCheck';
import { PhoneInput } from '../../../../engine/widgets/PhoneInput';
import { signInErrorKey } from '../../../../domain/signInErrors';
import { dialPrefix } from '../../../../domain/countries';
import { CODE_LENGTH } from '../../../../domain/signInFlow';
import type { Revoked, Sessions as SessionList } from '../../../../contract/auth';
import { analytics } from '../../../analytics';
import { ReplayConsent } from '../components/ReplayConsent';

const CodeStep = lazy(() => import('../../../components/CodeStep').then((m) => ({ default: m.CodeStep })));

export function AccountPage() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const navigate = useNavigate();
  const tab = location.pathname.startsWith('/account/sessions') ? 'sessions' : 'profile';
  return (
    <Stack gap="lg" maw={860}>
      <PageHeader title={t('title')} />
      <Tabs
        value={tab}
        onChange={(value) => void navigate(value === 'sessions' ? '/account/sessions' : '/account')}
      >
        <Tabs.List>
          <Tabs.Tab value="profile">{t('tabs.profile')}</Tabs.Tab>
          <Tabs.Tab value="sessions">{t('tabs.sessions')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Routes>
        <Route index element={<Profile />} />
        <Route path="phone" element={<AddPhone />} />
        <Route path="sessions" element={<Sessions />} />
      </Routes>
    </Stack>
  );
}

function Profile() {
  const { t } = useTranslation('account');
  const account = useAccount();
  const navigate = useNavigate();
  if (!account.data) return <Skeleton h={120} radius="md" />;
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <ContactRow label={t('email')} value={account.data.email ?? t('none')} />
          <ContactRow label={t('phone')} value={account.data.phone ?? t('none')}>
            {!account.data.phone && (
              <Button onClick={() => void navigate('/account/phone')}>{t('addPhone.action')}</Button>
            )}
          </ContactRow>
          {!account.data.phone && (
            <Text size="sm" c="dimmed">
              {t('addPhone.why')}
            </Text>
          )}
        </Stack>
      </Card>
      <ReplayConsent />
    </Stack>
  );
}

/** One contact detail: its label, its value (left to right in Arabic too), and an action beside it. */
function ContactRow(props: { label: string; value: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {props.label}
        </Text>
        <Text dir="ltr" ta="start">
          {props.value}
        </Text>
      </Stack>
      {props.children}
    </Group>
  );
}

/** Adding a phone: the number, then the code sent to it (the challenge set-up steps of sign-in). */
function AddPhone() {
  const { t } = useTranslation(['account', 'auth']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('+966');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const fail = (caught: unknown) => {
    const key = signInErrorKey(caught instanceof ApiError ? caught : { status: 500, message: '' }, 'setup');
    const message = t(`auth:errors.${key}`);
    setError(message);
    notify({ variant: 'error', title: t('addPhone.failed'), message });
  };

  const send = async () => {
    const { problem } = await checkAddress('phone', phone);
    if (problem) return setError(t(`auth:${problem}`));
    setBusy(true);
    setError(undefined);
    try {
      await api('POST', '/merchant/api/v2/auth/challenge/setup', { phone });
      setSentTo(phone);
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <Card withBorder radius="lg" padding="lg" maw={520}>
        <Suspense fallback={<Loader />}>
          <CodeStep
            title={t('addPhone.confirmTitle')}
            body={t('auth:verify.body', { count: CODE_LENGTH.phone, address: sentTo })}
            length={CODE_LENGTH.phone}
            error={error}
            busy={busy}
            backLabel={t('auth:change.phone')}
            onBack={() => {
              setSentTo(null);
              setError(undefined);
            }}
            onResend={async () => {
              try {
                await api('POST', '/merchant/api/v2/auth/challenge', {});
                return true;
              } catch (caught) {
                fail(caught);
                return false;
              }
            }}
            onVerify={async (code) => {
              setBusy(true);
              setError(undefined);
              try {
                await api('POST', '/merchant/api/v2/auth/challenge/verify', { code });
                await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
                analytics.track('Phone Linked', {});
                notify({ variant: 'success', title: t('addPhone.done'), message: sentTo });
                void navigate('/account');
              } catch (caught) {
                fail(caught);
              } finally {
                setBusy(false);
              }
            }}
          />
        </Suspense>
      </Card>
    );
  }
  return (
    <Card withBorder radius="lg" padding="lg" maw={520}>
      <StepFormLayout title={t('addPhone.title')} body={t('addPhone.why')} onSubmit={() => void send()}>
        <PhoneInput
          id="phone"
          label={t('phone')}
          value={phone}
          onChange={(next) => setPhone((old) => next ?? dialPrefix(old))}
          error={error}
          autoFocus
        />
        <Group justify="space-between">
          <Button variant="default" onClick={() => void navigate('/account')}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('addPhone.send')}
          </Button>
        </Group>
      </StepFormLayout>
    </Card>
  );
}

function Sessions() {
  const { t, i18n } = useTranslation('account');
  const queryClient = useQueryClient();
  const [confirmAll, setConfirmAll] = useState(false);
  const sessions = useQuery({
    queryKey: ['sessions'],
    queryFn: () => api<SessionList>('GET', '/merchant/api/v1/auth/sessions'),
  });
  const done = (title: string) => {
    notify({ variant: 'success', title, message: '' });
    void queryClient.invalidateQueries({ queryKey: ['sessions'] });
  };
  const failed = () =>
    notify({ variant: 'error', title: t('sessions.failed'), message: t('sessions.tryAgain') });
  const revoke = useMutation({
    mutationFn: (id: string) => api('DELETE', `/merchant/api/v1/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => done(t('sessions.revoked')),
    onError: failed,
  });
  const revokeAll = useMutation({
    mutationFn: () => api<Revoked>('DELETE', '/merchant/api/v1/auth/sessions'),
    onSuccess: () => {
      setConfirmAll(false);
      done(t('sessions.allRevoked'));
    },
    onError: failed,
  });
  const format = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));

  if (sessions.isPending)
    return (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={48} radius="md" />
        ))}
      </Stack>
    );
  if (sessions.isError)
    return (
      <Center>
        <Stack align="center">
          <Text>{t('sessions.loadFailed')}</Text>
          <Button variant="default" onClick={() => void sessions.refetch()}>
            {t('sessions.tryAgain')}
          </Button>
        </Stack>
      </Center>
    );
  const others = sessions.data.items.filter((s) => !s.current).length;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed">{t('sessions.intro')}</Text>
        <Button variant="light" color="red" disabled={others === 0} onClick={() => setConfirmAll(true)}>
          {t('sessions.revokeAll')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sessions.device')}</Table.Th>
              <Table.Th>{t('sessions.signedIn')}</Table.Th>
              <Table.Th>{t('sessions.lastSeen')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.items.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" lineClamp={1} dir="ltr" title={s.user_agent ?? ''}>
                      {describeDevice(s.user_agent) ?? t('sessions.unknownDevice')}
                    </Text>
                    {s.current && <Badge size="sm">{t('sessions.current')}</Badge>}
                  </Group>
                  {s.ip && (
                    <Text size="xs" c="dimmed" dir="ltr" ta="start">
                      {s.ip}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{format(s.created_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{format(s.last_seen_at)}</Text>
                </Table.Td>
                <Table.Td ta="end">
                  {!s.current && (
                    <Button
                      size="xs"
                      variant="default"
                      loading={revoke.isPending && revoke.variables === s.id}
                      onClick={() => revoke.mutate(s.id)}
                    >
                      {t('sessions.revoke')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={confirmAll}
        onClose={() => setConfirmAll(false)}
        title={t('sessions.revokeAllTitle')}
        centered
      >
        <Stack>
          <Text>{t('sessions.revokeAllBody', { count: others })}</Text>
          <DialogFooter
            cancel={{ label: t('cancel'), onClick: () => setConfirmAll(false) }}
            action={{
              label: t('sessions.revokeAll'),
              color: 'red.9',
              loading: revokeAll.isPending,
              onClick: () => revokeAll.mutate(),
            }}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}

/** "Chrome on Windows" from a user agent, roughly; null when nothing is recognised. */
function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (!browser && !system) return null;
  return [browser, system].filter(Boolean).join(' · ');
}
