/**
 * One step drawn with given data and messages, outside any wizard: the dev
 * catalogue page shows each step this way in both languages.
 */
import { useMemo } from 'react';
import { StepForm } from './StepForm';
import { useTranslation } from 'react-i18next';
import type { FormData } from '../core/types';
import { toFieldMessages } from '../core/messages';
import { translateFlowText, type LoadedStep } from './browserFlowSource';
import { translateUi } from './translateUi';
import { toErrorSchema } from './errorSchema';

export function StepPreview(props: {
  step: LoadedStep;
  data: FormData;
  textNamespace: string;
  /** Show the messages of the data (default: yes). */
  showErrors?: boolean;
  /** Typing into the preview (the studio's): without it the form only shows the data. */
  onChange?: (data: FormData) => void;
}) {
  const { t } = useTranslation(['validation', 'common']);
  const text = useMemo(
    () => (key: string, params?: Record<string, unknown>) =>
      translateFlowText(t, props.textNamespace, key, params),
    [t, props.textNamespace],
  );
  const ui = useMemo(
    () => translateUi(props.step.schema, props.step.ui, (key) => text(key)),
    [props.step, text],
  );
  const showErrors = props.showErrors ?? true;
  const errors = useMemo(
    () =>
      showErrors
        ? toErrorSchema(toFieldMessages(props.step.validate(props.data).errors), (key, params) =>
            text(key, params),
          )
        : {},
    [props.step, props.data, text, showErrors],
  );
  const { onChange } = props;
  const changed = useMemo(() => (onChange ? (data: FormData) => onChange(data) : undefined), [onChange]);
  return <StepForm step={props.step} ui={ui} data={props.data} errorSchema={errors} onChange={changed} />;
}
