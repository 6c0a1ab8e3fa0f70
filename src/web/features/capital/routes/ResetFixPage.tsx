/**
 * The fix of a reset application (capital spec §2 Reset fix screen), a catalogue flow.
 */
import { Navigate, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { FlowForm } from '../../../components/FlowForm';
import { notify } from '../../../components/notificationStore';
import { useCapitalApplication, useCapitalBase } from '../api';
import { ApplicationWaiting } from '../components/ApplicationWaiting';

/**
 * {capital_base}/loan-applications/{id}/fix (§2 Reset fix screen, §4 reset reasons, §8): the catalogue flow
 * `capital-reset` on the application (schemas/capital-reset: the title, hint and fields follow the reason),
 * then "changes saved" and back to the application. An application not on hold goes to its page.
 */
export function ResetFixPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('capital');
  const base = useCapitalBase();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useCapitalApplication(id);
  const page = `${base}/loan-applications/${encodeURIComponent(id)}`;
  if (query.isPending || query.isError) return <ApplicationWaiting query={query} />;
  if (query.data.status !== 'reset') return <Navigate to={page} replace />;
  return (
    <>
      <PageHeader
        title={t('forms.reset.flow')}
        breadcrumbs={[
          { label: t('crumb.capital'), to: base },
          { label: t('crumb.application'), to: page },
        ]}
      />
      <FlowForm
        flowId="capital-reset"
        scope={id}
        basePath={`${page}/fix`}
        onSubmitted={() => {
          notify({
            variant: 'success',
            title: t('forms.reset.saved'),
            message: t('application.submittedTitle'),
          });
          void client.invalidateQueries({ queryKey: ['capital'] });
          void navigate(page, { replace: true });
        }}
      />
    </>
  );
}
