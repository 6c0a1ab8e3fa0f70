/**
 * The contract (docs/onboarding.md, the dashboard gate).
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { notify } from '../../../components/notificationStore';
import { ONBOARDING_QUERY_KEY, signContract, type Onboarding } from '../api';
import { WithGate } from '../components/WithGate';

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
