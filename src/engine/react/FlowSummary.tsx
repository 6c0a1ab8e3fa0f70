/**
 * A flow's answers, read-only, step by step: each step's title and its answers as the merchant would say them
 * (StepSummary), with the same labels as the form. The submitted application's view, every other flow's
 * read-only view and a review step (with a link back to each step) draw it. Review steps themselves (a
 * declaration) are not shown: they are what the merchant does after reading the rest.
 */
import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isObject } from '../core/json';
import type { FormData } from '../core/types';
import { translateFlowText, type FlowLoader, type LoadedFlow } from './browserFlowSource';
import { StepSummary } from './StepSummary';
import { translateUi } from './translateUi';
import type { WidgetServices } from '../widgets/services';

export function FlowSummary(props: {
  loader: FlowLoader;
  /** The flow with every step loaded. */
  flow: LoadedFlow;
  data: FormData;
  /** The steps to show, in order (the draft's active steps). */
  steps: readonly string[];
  services?: WidgetServices;
  /** Called when a download fails (the page says so its own way). */
  onDownloadFailed?: () => void;
  /** On a review step: each step gets a link that calls this, to change its answers. */
  onEdit?: (stepId: string) => void;
}) {
  const { t } = useTranslation(['validation', 'common']);
  const text = useMemo(
    () => (key: string) => translateFlowText(t, props.loader.textNamespace, key),
    [t, props.loader.textNamespace],
  );
  const { services, onDownloadFailed } = props;
  return (
    <Stack gap="lg">
      {props.steps
        .filter((id) => props.flow.steps[id] && !props.flow.flow.steps.find((s) => s.id === id)?.review)
        // A step whose UI schema says `"ui:options": { "summary": false }` has nothing to show once answered (a
        // ticked "I have my documents", a one-time code).
        .filter((id) => {
          const options = props.flow.steps[id]!.ui['ui:options'];
          return !(isObject(options) && options.summary === false);
        })
        .map((id) => {
          const step = props.flow.steps[id]!;
          const title = text(props.flow.flow.steps.find((s) => s.id === id)?.title ?? id);
          return (
            <Paper
              key={id}
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              aria-labelledby={`view-${id}`}
            >
              <Stack gap="md">
                <Group justify="space-between" wrap="nowrap" align="baseline">
                  <Title order={2} size="h4" id={`view-${id}`}>
                    {title}
                  </Title>
                  {props.onEdit && (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      fw={500}
                      aria-label={t('common:wizard.editStep', { step: title })}
                      onClick={() => props.onEdit!(id)}
                    >
                      {t('common:wizard.edit')}
                    </Anchor>
                  )}
                </Group>
                <StepSummary
                  schema={step.schema}
                  ui={translateUi(step.schema, step.ui, text)}
                  data={props.data}
                  options={services?.options}
                  preview={services?.preview}
                  onDownload={
                    services?.download
                      ? (url) => void services.download!(url).catch(() => onDownloadFailed?.())
                      : undefined
                  }
                />
              </Stack>
            </Paper>
          );
        })}
    </Stack>
  );
}
