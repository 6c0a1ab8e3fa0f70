/**
 * One step drawn with given data and messages, outside any wizard: the dev
 * catalogue page shows each step this way in both languages.
 */
import { useMemo } from 'react';
import { StepForm } from './StepForm';
import { useTranslation } from 'react-i18next';
import type { FormData } from '../core/types';
import { toFieldMessages } from '../core/messages';
import type { LoadedStepModule } from './loadFlow';
import { translateUi } from './translateUi';
import { toErrorSchema } from './errorSchema';

export function StepPreview(props: { step: LoadedStepModule; data: FormData; namespace: string }) {
  const { t } = useTranslation([props.namespace, 'validation', 'common']);
  const ui = useMemo(() => translateUi(props.step.schema, props.step.ui, (key) => t(key)), [props.step, t]);
  const errors = useMemo(
    () =>
      toErrorSchema(toFieldMessages(props.step.validate(props.data).errors), (key, params) => t(key, params)),
    [props.step, props.data, t],
  );
  return <StepForm step={props.step} ui={ui} data={props.data} errorSchema={errors} />;
}
