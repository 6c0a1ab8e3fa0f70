/** One step's rjsf form, as the runner and the dev catalogue page draw it. */
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorSchema } from '@rjsf/utils';
import type { FormData } from '../core/types';
import { Form } from './registry';
import classes from './StepForm.module.css';
import { rjsfTranslator } from './rjsfStrings';
import { formCuts } from './fieldGroups';
import type { LoadedStep } from './browserFlowSource';

interface StepFormProps {
  step: LoadedStep;
  ui: Record<string, unknown>;
  data: FormData;
  formContext?: object;
  errorSchema: ErrorSchema;
  /** The form's data after a change, with the id of the step whose form it is. */
  onChange?: (data: FormData, stepId: string) => void;
  onBlur?: (id: string, stepId: string) => void;
}

const DEFAULTS = { constAsDefaults: 'never', requiredBooleanDefault: 'skip' } as const;

/**
 * The step's rjsf form, re-rendered only when its own inputs change (the data, the texts, the errors):
 * the runner's busy flag, stepper and saves do not touch its 60 fields.
 */
export const StepForm = memo(function StepForm(props: StepFormProps) {
  const uiSchema = useMemo(() => ({ ...props.ui, 'ui:submitButtonOptions': { norender: true } }), [props.ui]);
  const { onChange, onBlur } = props;
  const stepId = props.step.id;
  const handleChange = useCallback(
    (event: { formData?: unknown }) => onChange?.(event.formData as FormData, stepId),
    [onChange, stepId],
  );
  const handleBlur = useCallback((id: string) => onBlur?.(id, stepId), [onBlur, stepId]);
  // Where the step's fields are cut into <form>s (fieldGroups.ts), worked out once per step with its own $refs,
  // and handed to ObjectFieldTemplate with the wizard's tools.
  const { step, formContext } = props;
  const cuts = useMemo(() => formCuts(step.schema, props.ui, step.resolve), [step, props.ui]);
  const context = useMemo(() => ({ ...formContext, formCuts: cuts }), [formContext, cuts]);
  const { t } = useTranslation();
  const translateString = useMemo(() => rjsfTranslator(t), [t]);
  return (
    <Form
      className={classes.form}
      schema={step.schema}
      uiSchema={uiSchema}
      formData={props.data}
      formContext={context}
      validator={step.rjsfValidator}
      extraErrors={props.errorSchema}
      showErrorList={false}
      // A `const` is a rule, not an answer: a declaration (`const: true`) must not start ticked; a required yes/no
      // question starts unanswered, not as "no".
      experimental_defaultFormStateBehavior={DEFAULTS}
      // A <div>: the step's fields sit in <form>s of a few fields each (ObjectFieldTemplate.tsx), which cannot
      // nest in a form; each of those has noValidate, as this one had.
      tagName="div"
      onChange={handleChange}
      onBlur={handleBlur}
      translateString={translateString}
    >
      <></>
    </Form>
  );
});
