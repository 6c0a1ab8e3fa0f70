/**
 * The live preview: the working copy compiled on the server exactly as a publish would compile it (the same
 * step modules and validators), loaded like a merchant's form, and drawn in English and Arabic side by side.
 * Typing into it shows each language's messages for what was typed.
 */
import { Suspense, use, useMemo, useState } from 'react';
import { Alert, Card, DirectionProvider, Grid, Group, Loader, Switch, Text } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  createFlowSource,
  type FlowSource,
  type VersionPointer,
  httpTransport,
} from '../../../../engine/react/browserFlowSource';
import { StepPreview } from '../../../../engine/react/StepPreview';
import type { FormData } from '../../../../engine/core/types';

const pointers = new Map<string, VersionPointer>();
/** Previews load through the catalogue's own loader; only the pointer comes from the studio's preview call. */
const previewSource: FlowSource = createFlowSource({
  ...httpTransport,
  pointer: async (_flow, version) => pointers.get(version!)!,
});

const panels = [
  { lng: 'en', dir: 'ltr' },
  { lng: 'ar', dir: 'rtl' },
] as const;

function PreviewPanels(props: { pointer: VersionPointer; stepId: string }) {
  const { t } = useTranslation('studio');
  const loader = use(previewSource.get(props.pointer.flow, props.pointer.version));
  use(loader.steps([props.stepId]));
  const step = loader.snapshot().steps[props.stepId];
  const [data, setData] = useState<FormData>({});
  const [messages, setMessages] = useState(false);
  const instances = useMemo(() => panels.map((p) => i18next.cloneInstance({ lng: p.lng })), []);
  if (!step) return null;
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          {t('preview.hint')}
        </Text>
        <Switch
          checked={messages}
          onChange={(e) => setMessages(e.currentTarget.checked)}
          label={t('preview.messages')}
        />
      </Group>
      <Grid>
        {panels.map((panel, index) => (
          <Grid.Col key={panel.lng} span={{ base: 12, lg: 6 }}>
            <I18nextProvider i18n={instances[index]!}>
              <DirectionProvider initialDirection={panel.dir}>
                <Card withBorder dir={panel.dir} lang={panel.lng} data-testid={`preview-${panel.lng}`}>
                  <Text size="xs" c="dimmed" mb="xs">
                    {t(`preview.${panel.lng}`)}
                  </Text>
                  <StepPreview
                    step={step}
                    data={data}
                    textNamespace={loader.textNamespace}
                    showErrors={messages}
                    onChange={setData}
                  />
                </Card>
              </DirectionProvider>
            </I18nextProvider>
          </Grid.Col>
        ))}
      </Grid>
    </>
  );
}

export function Preview(props: { pointer: VersionPointer | null; stepId: string; error: string | null }) {
  const { t } = useTranslation('studio');
  if (props.error) return <Alert color="red">{props.error}</Alert>;
  if (!props.pointer) return <Loader size="sm" role="status" aria-label={t('preview.loading')} />;
  pointers.set(props.pointer.version, props.pointer);
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label={t('preview.loading')} />}>
      <PreviewPanels
        key={`${props.pointer.version}/${props.stepId}`}
        pointer={props.pointer}
        stepId={props.stepId}
      />
    </Suspense>
  );
}
