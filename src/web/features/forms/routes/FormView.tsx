/**
 * A catalogue flow's draft as sent.
 */
import { Suspense, use } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { notify } from '../../../components/notificationStore';
import { widgetServices } from '../../../api/widgetServices';
import { FlowSummary } from '../../../../engine/react/FlowSummary';
import { catalogue } from '../../../../engine/react/browserFlowSource';
import { type DraftView } from '../../../api/drafts';
import { FlowTitle } from '../components/flowStatus';
import { translateFlowText } from '../../../../engine/react/browserFlowSource';
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
  // What a sent form is, as its flow.json says (`submitted`; issue 56): the store listing is "Published", with a
  // link to the marketplace; a form that may be sent again offers the next one, one sent once says so.
  const declared = loader.manifest.definition.submitted;
  const text = (key: string | undefined, fallback: string) =>
    key ? translateFlowText(t, loader.textNamespace, key) : fallback;
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
            {text(declared?.badge, t('forms.submitted'))}
          </Badge>
          {submitted && (
            <Text size="sm" c="dimmed">
              {declared?.on
                ? translateFlowText(t, loader.textNamespace, declared.on, { date: submitted })
                : t('forms.submittedOn', { date: submitted })}
            </Text>
          )}
        </Group>
        <Alert color="mint" variant="light" title={text(declared?.title, t('forms.receivedTitle'))}>
          <Stack gap="sm">
            <Text size="sm">{text(declared?.body, t('forms.received'))}</Text>
            {!declared?.body && (
              <Text size="sm" data-testid="form-repeat">
                {t(declared?.again ? 'forms.sentAgain' : 'forms.sentOnce')}
              </Text>
            )}
            {(declared?.link || declared?.again) && (
              <Group gap="sm">
                {declared.link && (
                  <Button component={Link} to={declared.link.to} size="sm">
                    {text(declared.link.label, '')}
                  </Button>
                )}
                {declared.again && (
                  <Button component={Link} to={`/forms/${draft.flow}`} size="sm" variant="default">
                    {text(declared.again, t('forms.again'))}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
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
