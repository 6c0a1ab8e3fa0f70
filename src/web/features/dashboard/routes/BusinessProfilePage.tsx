/**
 * The business profile (docs/onboarding.md, the dashboard gate).
 */
import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/notificationStore';
import type { FieldError } from '../../../../engine/core/messages';
import { ONBOARDING_QUERY_KEY, saveBusinessProfile, type Onboarding } from '../api';
import { WithGate } from '../components/WithGate';

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
