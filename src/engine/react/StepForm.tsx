/** One step's rjsf form, as the runner and the dev catalogue page draw it. */
import { memo, useCallback, useMemo } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { FormData } from '../core/types';
import { Form } from './formTheme';
import classes from './StepForm.module.css';
import type { LoadedStepModule } from './loadFlow';

interface StepFormProps {
  step: LoadedStepModule;
  ui: Record<string, unknown>;
  data: FormData;
  formContext?: object;
  errorSchema: ErrorSchema;
  onChange?: (data: FormData) => void;
  onBlur?: (id: string) => void;
  /**
   * Whether `data` is only the form's own last change coming back (the runner stored what onChange reported).
   * rjsf already holds that data, so the form is not re-rendered for it: a keystroke renders the form once, not
   * twice. Any other new data (another step's, a reset) is handed to the form.
   */
  isEcho?: (data: FormData) => boolean;
}

const sameProps = (before: StepFormProps, after: StepFormProps) =>
  (Object.keys(after) as (keyof StepFormProps)[]).every(
    (key) =>
      before[key] === after[key] ||
      (key === 'data' && after.isEcho !== undefined && after.isEcho(after.data)),
  ) && Object.keys(before).length === Object.keys(after).length;

/**
 * The step's rjsf form, re-rendered only when its own inputs change (the data, the texts, the errors):
 * the runner's busy flag, stepper and saves do not touch its 60 fields.
 */
export const StepForm = memo(function StepForm(props: StepFormProps) {
  const uiSchema = useMemo(() => ({ ...props.ui, 'ui:submitButtonOptions': { norender: true } }), [props.ui]);
  const { onChange } = props;
  const handleChange = useCallback(
    (event: { formData?: unknown }) => onChange?.(event.formData as FormData),
    [onChange],
  );
  return (
    <Form
      className={classes.form}
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
}, sameProps);
