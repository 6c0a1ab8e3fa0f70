/**
 * The reach-out screen (onboarding spec §2): a business the form cannot take.
 */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { type Application } from '../../../api/application';
import { WithApplication } from '../components/WithApplication';

export function ReachOut() {
  return (
    <WithApplication>
      {(application) =>
        application?.requires_sales_contact ? (
          <ReachOutScreen application={application} />
        ) : (
          <Navigate to="/applications" replace />
        )
      }
    </WithApplication>
  );
}

/** Only for an application that ended at a reach-out step: anyone else is sent to the gate. */
function ReachOutScreen(props: { application: Application }) {
  const { t } = useTranslation('onboarding');
  const name = props.application.business_name;
  return (
    <>
      <PageHeader title={t('pages.reachOutTitle')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <Stack gap="md" align="flex-start">
          <IconPhoneCall size={40} color="var(--mantine-color-mint-6)" aria-hidden />
          <Title order={2} size="h3">
            {name ? t('pages.reachOutHeadingNamed', { name }) : t('pages.reachOutHeading')}
          </Title>
          <Text>{t('pages.reachOutBody')}</Text>
          <Text size="sm" c="dimmed">
            {t('pages.reachOutNext')}
          </Text>
          <Button component={Link} to="/applications/view" variant="light">
            {t('pages.seeApplication')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
