/**
 * A catalogue flow's draft as sent.
 */
import { Suspense, use } from 'react';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { notify } from '../../../components/notificationStore';
import { widgetServices } from '../../../api/widgetServices';
import { FlowSummary } from '../../../../engine/react/FlowSummary';
import { catalogue } from '../../../../engine/react/browserFlowSource';
import { type DraftView } from '../../../api/drafts';
import { FlowTitle } from '../components/flowStatus';
import { WithDraft } from '../components/WithDraft';

export function FormView() {
  return (
    <WithDraft>
      {(draft) =>
        draft.status === 'submitted' ? (
          <Suspense fallback={<PageSkeleton />}>
            <View draft={draft} />
          </Suspense>
        ) : (
          <Navigate to={`/forms/${draft.flow}/${draft.id}`} replace />
        )
      }
    </WithDraft>
  );
}

function View(props: { draft: DraftView }) {
  const { draft } = props;
  const { t, i18n } = useTranslation('common');
  const loader = use(catalogue.find(draft.flow, draft.version));
  const flow = use(loader.all());
  const submitted = draft.submitted_at
    ? new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'long' }).format(
        new Date(draft.submitted_at),
      )
    : null;
  return (
    <>
      <FlowTitle loader={loader} />
      <Stack gap="lg">
        <Group gap="sm">
          <Badge color="mint" variant="light" size="lg">
            {t('forms.submitted')}
          </Badge>
          {submitted && (
            <Text size="sm" c="dimmed">
              {t('forms.submittedOn', { date: submitted })}
            </Text>
          )}
        </Group>
        <Alert color="mint" variant="light" title={t('forms.receivedTitle')}>
          {t('forms.received')}
        </Alert>
        <FlowSummary
          loader={loader}
          flow={flow}
          data={draft.data}
          steps={draft.steps}
          services={widgetServices}
          onDownloadFailed={() =>
            notify({
              variant: 'error',
              title: t('forms.downloadFailedTitle'),
              message: t('widgets:upload.downloadFailed'),
            })
          }
        />
      </Stack>
    </>
  );
}
