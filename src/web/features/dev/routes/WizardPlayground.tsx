import { Suspense, use, useMemo, useState } from 'react';
import { Alert, Container, Loader, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WizardRunner } from '../../../../engine/react/WizardRunner';
import { sessionStorageAdapter } from '../../../../engine/react/adapter';
import { catalogue } from '../../../../engine/react/browserFlowSource';
import { localServices } from '../localServices';

/** The flows the server serves, asked once. */
const flowList = catalogue.list!().then((pointers) => pointers.map((p) => p.flow));

/** Any flow of the catalogue in the real runner, with its draft in session storage (outside production only). */
export function WizardPlayground() {
  return (
    <Suspense fallback={<Loader m="xl" />}>
      <Playground />
    </Suspense>
  );
}

function Playground() {
  const flowIds = use(flowList);
  const { flowId = '' } = useParams();
  const { t } = useTranslation('dev');
  const [ended, setEnded] = useState<string | null>(null);
  const adapter = useMemo(() => sessionStorageAdapter(`tby:md:dev-draft:${flowId}`), [flowId]);
  if (!flowIds.includes(flowId)) {
    return (
      <Container py="xl">
        <Alert color="red" title={t('unknownFlow', { flow: flowId })}>
          {flowIds.join(', ')}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1} size="h3">
          {t('playground', { flow: flowId })}
        </Title>
        <Suspense fallback={<Loader />}>
          <WizardRunner
            flowId={flowId}
            adapter={adapter}
            basePath={`/dev/wizard/${flowId}`}
            onEnd={(outcome) => setEnded(outcome)}
            services={localServices}
          />
        </Suspense>
        {ended && (
          <Alert color="mint" title={t('ended', { outcome: ended })} role="status">
            {t('endedBody')}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
