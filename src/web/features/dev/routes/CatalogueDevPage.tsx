/**
 * /dev/catalogue (outside production): any step of any flow with its example
 * data, in English and in Arabic side by side. Pick an invalid example to see
 * the message each language shows for it.
 */
import { Suspense, use, useMemo, useState } from 'react';
import {
  Badge,
  Card,
  Container,
  DirectionProvider,
  Grid,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { catalogue } from '../../../../engine/react/browserFlowSource';
import { StepPreview } from '../../../../engine/react/StepPreview';
import type { FormData } from '../../../../engine/core/types';
import type { StepExamples } from '../../../../engine/core/examples';
import { api } from '../../../api/client';

/** Promises kept for React's `use()`: the flows' list once, each step's examples once. */
const flowList = catalogue.list!().then((pointers) => pointers.map((p) => p.flow));
const examplesCache = new Map<string, Promise<StepExamples>>();
/** A step's example answers, made by the server from the flow's current version (outside production only). */
function loadExamples(flowId: string, stepId: string): Promise<StepExamples> {
  const key = `${flowId}/${stepId}`;
  let promise = examplesCache.get(key);
  if (!promise) {
    promise = api<StepExamples>(
      'GET',
      `/dev/catalogue/examples?flow=${encodeURIComponent(flowId)}&step=${encodeURIComponent(stepId)}`,
    );
    promise.catch(() => examplesCache.delete(key));
    examplesCache.set(key, promise);
  }
  return promise;
}

const panels = [
  { lng: 'en', dir: 'ltr' },
  { lng: 'ar', dir: 'rtl' },
] as const;

export function CatalogueDevPage() {
  const { t } = useTranslation('dev');
  const [params, setParams] = useSearchParams();
  const flowIds = use(flowList);
  const flowId = flowIds.includes(params.get('flow') ?? '') ? params.get('flow')! : (flowIds[0] ?? '');
  const loader = use(catalogue.current(flowId));
  const flow = use(loader.all());
  const stepIds = Object.keys(flow.steps);
  const stepId = stepIds.includes(params.get('step') ?? '')
    ? (params.get('step') as string)
    : (stepIds[0] ?? '');
  const step = flow.steps[stepId];
  const examples = step ? use(loadExamples(flowId, stepId)) : null;
  const [example, setExample] = useState('valid');
  const instances = useMemo(() => panels.map((p) => i18next.cloneInstance({ lng: p.lng })), []);

  if (!step || !examples) return null;
  const invalid = examples.invalid;
  const chosen = example === 'valid' ? undefined : invalid[Number(example)];
  const data: FormData = chosen?.data ?? examples.valid;
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    if (key === 'flow') next.delete('step');
    setParams(next, { replace: true });
    setExample('valid');
  };

  return (
    <Container size="xl" py="xl">
      <Stack>
        <Title order={1} size="h3">
          {t('catalogueTitle')}
        </Title>
        <Group align="end">
          <Select
            label={t('flow')}
            data={flowIds}
            value={flowId}
            onChange={(v) => set('flow', v)}
            allowDeselect={false}
          />
          <Select
            label={t('step')}
            data={stepIds}
            value={stepId}
            onChange={(v) => set('step', v)}
            allowDeselect={false}
            searchable
          />
          <Select
            label={t('example')}
            w={420}
            value={example}
            onChange={(v) => setExample(v ?? 'valid')}
            allowDeselect={false}
            data={[
              { value: 'valid', label: t('validExample') },
              ...invalid.map((e, i) => ({
                value: String(i),
                label: `${e.pointer} · ${e.constraint} → ${e.key}`,
              })),
            ]}
          />
        </Group>
        {examples.uncovered.length > 0 && (
          <Text c="orange" size="sm">
            {t('uncovered', { count: examples.uncovered.length })}
          </Text>
        )}
        <Grid>
          {panels.map((panel, i) => (
            <Grid.Col key={panel.lng} span={{ base: 12, md: 6 }}>
              <I18nextProvider i18n={instances[i]!}>
                <DirectionProvider initialDirection={panel.dir} detectDirection={false}>
                  <Card withBorder radius="lg" padding="lg" dir={panel.dir} lang={panel.lng}>
                    <Badge mb="md" variant="light">
                      {panel.lng}
                    </Badge>
                    <Suspense fallback={<Loader />}>
                      <StepPreview step={step} data={data} textNamespace={loader.textNamespace} />
                    </Suspense>
                  </Card>
                </DirectionProvider>
              </I18nextProvider>
            </Grid.Col>
          ))}
        </Grid>
      </Stack>
    </Container>
  );
}
