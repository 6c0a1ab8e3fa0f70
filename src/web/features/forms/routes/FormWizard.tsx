/**
 * A catalogue flow's draft in the wizard.
 */
import { Suspense, use, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { widgetServices } from '../../../api/widgetServices';
import { WizardRunner } from '../../../../engine/react/WizardRunner';
import { catalogue } from '../../../../engine/react/browserFlowSource';
import { draftAdapter, draftKeys, type DraftView } from '../../../api/drafts';
import { FlowTitle } from '../components/flowStatus';
import { WithDraft } from '../components/WithDraft';

export function FormWizard() {
  return (
    <WithDraft>
      {(draft) =>
        draft.status === 'draft' ? (
          <Suspense fallback={<PageSkeleton />}>
            <Form draft={draft} />
          </Suspense>
        ) : (
          <Navigate to={`/forms/${draft.flow}/${draft.id}/view`} replace />
        )
      }
    </WithDraft>
  );
}

function Form(props: { draft: DraftView }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  // The draft as it was when the form opened: a background refetch must not restart the form.
  const [initial] = useState(props.draft);
  const adapter = useMemo(() => draftAdapter(initial), [initial]);
  const loader = use(catalogue.current(initial.flow));
  const finish = async () => {
    await client.invalidateQueries({ queryKey: draftKeys.detail(initial.flow, initial.id) });
    void navigate(`/forms/${initial.flow}/${initial.id}/view`, { replace: true });
  };
  return (
    <>
      <FlowTitle loader={loader} />
      <WizardRunner
        flowId={initial.flow}
        adapter={adapter}
        basePath={`/forms/${initial.flow}/${initial.id}`}
        services={widgetServices}
        onEnd={() => void finish()}
      />
    </>
  );
}
