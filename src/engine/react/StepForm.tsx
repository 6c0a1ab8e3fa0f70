/** One step's rjsf form, as the runner and the dev catalogue page draw it. */
import { memo, useCallback, useMemo } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { FormData } from '../core/types';
import { Form } from './formTheme';
import type { LoadedStepModule } from './loadFlow';

/**
 * The step's rjsf form, re-rendered only when its own inputs change (the data, the texts, the errors):
 * the runner's busy flag, stepper and saves do not touch its 60 fields.
 */
export const StepForm = memo(function StepForm(props: {
  step: LoadedStepModule;
  ui: Record<string, unknown>;
  data: FormData;
  formContext?: object;
  errorSchema: ErrorSchema;
  onChange?: (data: FormData) => void;
  onBlur?: (id: string) => void;
}) {
  const uiSchema = useMemo(() => ({ ...props.ui, 'ui:submitButtonOptions': { norender: true } }), [props.ui]);
  const { onChange } = props;
  const handleChange = useCallback(
    (event: { formData?: unknown }) => onChange?.(event.formData as FormData),
    [onChange],
  );
  return (
    <Form
      schema={props.step.schema}
      uiSchema={uiSchema}
      formData={props.data}
      formContext={props.formContext}
      validator={props.step.rjsfValidator}
      extraErrors={props.errorSchema}
      showErrorList={false}
      noHtml5Validate
      onChange={handleChange}
      onBlur={props.onBlur}
    >
      <></>
    </Form>
  );
});
