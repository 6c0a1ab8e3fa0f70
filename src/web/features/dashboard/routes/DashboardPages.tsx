/**
 * The dashboard's onboarding screens (onboarding spec §2 "Dashboard onboarding gate"): every dashboard route
 * first asks the gate (src/domain/dashboardGate.ts) with the first store's organization, then shows:
 * - business-profile: "under review" until ops approve; then the profile form (display name, support e-mail and
 *   phone, website), which leads to the contract;
 * - contract: the agreement to accept and sign; signing completes the second record and opens the dashboard;
 * - kuwait-blocked-notice: why a Kuwaiti store cannot use the dashboard;
 * - index: the dashboard itself, built by a later issue ("not available yet" until then).
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBuildingStore, IconClockHour4, IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ErrorPage } from '../../../components/ErrorPage';
import { NotAvailableYet } from '../../../components/NotAvailableYet';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/notificationStore';
import { dashboardRedirect, type DashboardPage } from '../../../../domain/dashboardGate';
import type { FieldError } from '../../../../engine/core/messages';
import {
  fetchOnboarding,
  ONBOARDING_QUERY_KEY,
  saveBusinessProfile,
  signContract,
  type Onboarding,
} from '../api';

function Loading() {
  return (
    <Stack gap="md" maw={640} aria-busy="true">
      <Skeleton height={32} width="50%" />
      <Skeleton height={180} radius="lg" />
    </Stack>
  );
}

/** The gate, then the page with what the gate read. */
function WithGate(props: { page: DashboardPage; children: (onboarding: Onboarding) => ReactNode }) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: ONBOARDING_QUERY_KEY, queryFn: () => fetchOnboarding(client) });
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorPage status={500} onRetry={() => void query.refetch()} />;
  // No store (an account still applying): the dashboard is not theirs yet; root knows where they belong.
  if (!query.data) return <Navigate to="/" replace />;
  const { store, organization } = query.data;
  const target = dashboardRedirect(props.page, {
    country: store.country,
    approved: organization?.approved ?? false,
    signed: organization?.contract_signed ?? false,
    completed: organization?.completed ?? false,
  });
  if (target) return <Navigate to={target} replace />;
  return <>{props.children(query.data)}</>;
}

export function DashboardIndex() {
  const { t } = useTranslation('shell');
  return (
    <WithGate page="index">
      {() => (
        <>
          <PageHeader title={t('nav.dashboard')} />
          <NotAvailableYet />
        </>
      )}
    </WithGate>
  );
}

export function KuwaitBlockedNotice() {
  const { t } = useTranslation('dashboard');
  return (
    <WithGate page="kuwait-blocked-notice">
      {({ store }) => (
        <>
          <PageHeader title={t('kuwait.title')} />
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
            <Stack gap="sm" align="flex-start">
              <IconLock size={36} color="var(--mantine-color-gray-6)" aria-hidden />
              <Title order={2} size="h4">
                {t('kuwait.heading', { store: store.name })}
              </Title>
              <Text>{t('kuwait.body')}</Text>
            </Stack>
          </Paper>
        </>
      )}
    </WithGate>
  );
}

const PROFILE_FIELDS = ['display_name', 'support_email', 'support_phone', 'website'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

export function BusinessProfilePage() {
  const { t } = useTranslation('dashboard');
  return (
    <WithGate page="business-profile">
      {(onboarding) => (
        <>
          <PageHeader title={t('profile.title')} />
          {onboarding.organization?.approved ? (
            <ProfileForm onboarding={onboarding} />
          ) : (
            <Alert
              color="blue"
              variant="light"
              icon={<IconClockHour4 />}
              title={t('profile.reviewTitle')}
              maw={640}
            >
              {t('profile.reviewBody')}
            </Alert>
          )}
        </>
      )}
    </WithGate>
  );
}

function ProfileForm(props: { onboarding: Onboarding }) {
  const { t } = useTranslation(['dashboard', 'validation']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const organization = props.onboarding.organization!;
  const [values, setValues] = useState<Record<ProfileField, string>>(() => ({
    display_name: organization.profile?.display_name ?? organization.name,
    support_email: organization.profile?.support_email ?? '',
    support_phone: organization.profile?.support_phone ?? '',
    website: organization.profile?.website ?? '',
  }));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const profile = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
      await saveBusinessProfile(organization.id, profile);
      await client.invalidateQueries({ queryKey: ONBOARDING_QUERY_KEY });
      void navigate('/dashboard/contract');
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
      else
        notify({ variant: 'error', title: t('profile.saveFailedTitle'), message: t('profile.saveFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text>{t('profile.intro')}</Text>
          {PROFILE_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`profile.fields.${field}`)}
              description={field === 'support_phone' ? t('profile.phoneHelp') : undefined}
              required={field !== 'website'}
              type={field === 'support_email' ? 'email' : field === 'website' ? 'url' : 'text'}
              dir={field === 'display_name' ? undefined : 'ltr'}
              value={values[field]}
              error={
                errors[`/${field}`] ? t(errors[`/${field}`]!.key, errors[`/${field}`]!.params) : undefined
              }
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((old) => ({ ...old, [field]: value }));
              }}
            />
          ))}
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            {t('profile.continue')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

export function ContractPage() {
  const { t } = useTranslation('dashboard');
  return (
    <WithGate page="contract">
      {(onboarding) => (
        <>
          <PageHeader title={t('contract.title')} />
          <ContractForm onboarding={onboarding} />
        </>
      )}
    </WithGate>
  );
}

function ContractForm(props: { onboarding: Onboarding }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { store, organization } = props.onboarding;
  const [accepted, setAccepted] = useState(false);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!organization?.profile) {
    return (
      <Alert color="yellow" variant="light" title={t('contract.profileFirstTitle')} maw={640}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('contract.profileFirst')}</Text>
          <Button variant="light" onClick={() => void navigate('/dashboard/business-profile')}>
            {t('contract.toProfile')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const sign = async () => {
    if (!accepted) return setMissing(true);
    setBusy(true);
    try {
      await signContract(store.id);
      await client.invalidateQueries({ queryKey: ONBOARDING_QUERY_KEY });
      void navigate('/dashboard');
    } catch {
      notify({ variant: 'error', title: t('contract.signFailedTitle'), message: t('contract.signFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
      <Stack gap="md">
        <Stack gap={4}>
          <IconBuildingStore size={32} color="var(--mantine-color-mint-6)" aria-hidden />
          <Title order={2} size="h4">
            {t('contract.heading', { store: store.name })}
          </Title>
        </Stack>
        <Text>{t('contract.body', { name: organization.profile.display_name ?? organization.name })}</Text>
        <Checkbox
          label={t('contract.accept')}
          checked={accepted}
          error={missing && !accepted ? t('validation:error.required') : undefined}
          onChange={(event) => setAccepted(event.currentTarget.checked)}
        />
        <Button onClick={() => void sign()} loading={busy} style={{ alignSelf: 'flex-start' }}>
          {organization.contract_signed ? t('contract.complete') : t('contract.sign')}
        </Button>
      </Stack>
    </Paper>
  );
}
