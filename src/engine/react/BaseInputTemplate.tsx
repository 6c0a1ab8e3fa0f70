/**
 * The input behind rjsf's text, e-mail, URL, number and date widgets, with
 * Mantine's TextInput. It differs from @rjsf/mantine's in two ways: typing is
 * handed to the form through useDeferredChange (a keystroke paints in the
 * next frame however long the step), and numbers use a plain text input with
 * a numeric keyboard (rjsf's NumberField turns the text into a number) rather
 * than Mantine's NumberInput, which brings react-number-format (~5 KiB gzip)
 * for spinner buttons no form of ours shows.
 */
import { TextInput } from '@mantine/core';
import { SchemaExamples } from '@rjsf/core';
import {
  ariaDescribedByIds,
  examplesId,
  getInputProps,
  labelValue,
  type BaseInputTemplateProps,
} from '@rjsf/utils';
import { useDeferredChange } from '../widgets/useDeferredChange';

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, type, schema, placeholder, required, disabled, readonly, autofocus, options } = props;
  const inputProps = getInputProps(schema, type, options, false);
  const numeric = inputProps.type === 'number' || inputProps.type === 'integer';
  const { value, change, flush } = useDeferredChange<unknown>(props.value, props.onChange);
  const description = props.hideLabel ? undefined : options.description || schema.description;
  return (
    <>
      <TextInput
        id={id}
        name={htmlName || id}
        label={labelValue(props.label || undefined, props.hideLabel, false)}
        description={description as string | undefined}
        required={required}
        autoFocus={autofocus}
        disabled={disabled || readonly}
        placeholder={placeholder}
        error={props.rawErrors && props.rawErrors.length > 0 ? props.rawErrors.join('\n') : undefined}
        list={schema.examples ? examplesId(id) : undefined}
        autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
        type={numeric ? 'text' : inputProps.type}
        inputMode={numeric ? (schema.type === 'integer' ? 'numeric' : 'decimal') : undefined}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={
          readonly
            ? undefined
            : // rjsf's file widget handles the event itself; every other widget hands over the text.
              (props.onChangeOverride ??
              ((event) => change(event.target.value === '' ? options.emptyValue : event.target.value)))
        }
        onBlur={
          readonly
            ? undefined
            : (event) => {
                flush();
                props.onBlur(id, event.target.value);
              }
        }
        onFocus={readonly ? undefined : (event) => props.onFocus(id, event.target.value)}
        aria-describedby={ariaDescribedByIds(id, !!schema.examples)}
      />
      {props.children}
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}
