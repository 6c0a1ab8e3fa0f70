/**
 * The input behind rjsf's text, e-mail, URL, number and date widgets: Mantine's TextInput, built from its two
 * parts so that a keystroke re-renders only the input. It differs from @rjsf/mantine's in three ways:
 * - the browser keeps the typed text (useTypedInput), and hands it to the form when the typing pauses or the
 *   field is left: a keystroke re-renders nothing and paints in the next frame however long the step;
 * - the label, description and error (Input.Wrapper) render with the field, the typed text in a component of
 *   its own (DeferredInput) — what TextInput draws, without redrawing the wrapper and its context per key;
 * - numbers use a plain text input with a numeric keyboard (rjsf's NumberField turns the text into a number)
 *   rather than Mantine's NumberInput, which brings react-number-format (~5 KiB gzip) for spinner buttons no
 *   form of ours shows.
 * A website field (format `https-url`) completes an address typed without its scheme when the field is left:
 * `nadiacrafts.example` becomes `https://nadiacrafts.example` (issue 32) — only when that is a valid address, so
 * what cannot be one keeps its message.
 */
import { memo, useCallback, useLayoutEffect } from 'react';
import { Input } from '@mantine/core';
import { SchemaExamples } from '@rjsf/core';
import {
  ariaDescribedByIds,
  examplesId,
  getInputProps,
  labelValue,
  type BaseInputTemplateProps,
} from '@rjsf/utils';
import { useTypedInput } from '../widgets/useDeferredChange';
import { setAutoDir } from './autoDir';
import { withHttps } from '../core/formats';

interface DeferredInputProps {
  id: string;
  name: string;
  value: unknown;
  /** What an emptied field holds (rjsf's `emptyValue` option). */
  emptyValue: unknown;
  type: string | undefined;
  inputMode: 'numeric' | 'decimal' | undefined;
  required: boolean | undefined;
  disabled: boolean;
  readOnly: boolean;
  invalid: boolean;
  placeholder: string | undefined;
  autoFocus: boolean | undefined;
  autoComplete: string | undefined;
  list: string | undefined;
  describedBy: string;
  onChange: (value: unknown) => void;
  /** rjsf's file widget handles the event itself. */
  onChangeOverride?: BaseInputTemplateProps['onChangeOverride'];
  onBlur: (id: string, value: string) => void;
  onFocus: (id: string, value: string) => void;
  /** What the field makes of the text when it is left (a website's missing `https://`). */
  complete?: (typed: string) => string;
}

/**
 * The typed text. The browser keeps it while it is typed (useTypedInput): a keystroke re-renders nothing, and the
 * form hears of it when the typing pauses or the field is left.
 */
const DeferredInput = memo(function DeferredInput(props: DeferredInputProps) {
  const { id, emptyValue, onBlur, onFocus, readOnly } = props;
  const { ref, defaultValue, change, flush } = useTypedInput(props.value, props.onChange);
  const handleChange = useCallback(
    (event: React.ChangeEvent<HTMLInputElement>) => {
      const text = event.target.value;
      setAutoDir(event.target, text === '');
      change(text === '' ? emptyValue : text);
    },
    [change, emptyValue],
  );
  const { complete } = props;
  const handleBlur = useCallback(
    (event: React.FocusEvent<HTMLInputElement>) => {
      const typed = event.target.value;
      const completed = complete ? complete(typed) : typed;
      if (completed !== typed) {
        event.target.value = completed;
        change(completed);
      }
      flush();
      onBlur(id, completed);
    },
    [change, complete, flush, onBlur, id],
  );
  const handleFocus = useCallback(
    (event: React.FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value),
    [onFocus, id],
  );
  // The direction follows the text, whoever wrote it: the form (a draft, a reset) or the merchant (handleChange).
  useLayoutEffect(() => {
    if (ref.current) setAutoDir(ref.current, ref.current.value === '');
  }, [ref, props.value]);
  return (
    <Input
      __staticSelector="TextInput"
      size="sm"
      id={id}
      ref={ref}
      name={props.name}
      required={props.required}
      error={props.invalid}
      disabled={props.disabled}
      // No empty placeholder: with one (rjsf hands "" for a field without), Chromium re-styles the input's
      // placeholder box on every keystroke, showing or hiding it (traced: one style recalculation a key).
      placeholder={props.placeholder || undefined}
      autoFocus={props.autoFocus}
      autoComplete={props.autoComplete}
      list={props.list}
      type={props.type}
      inputMode={props.inputMode}
      defaultValue={defaultValue}
      onChange={readOnly ? undefined : (props.onChangeOverride ?? handleChange)}
      onBlur={readOnly ? undefined : handleBlur}
      onFocus={readOnly ? undefined : handleFocus}
      aria-describedby={props.describedBy}
    />
  );
});

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, type, schema, placeholder, required, disabled, readonly, autofocus, options } = props;
  const inputProps = getInputProps(schema, type, options, false);
  const numeric = inputProps.type === 'number' || inputProps.type === 'integer';
  const description = props.hideLabel ? undefined : options.description || schema.description;
  const error = props.rawErrors && props.rawErrors.length > 0 ? props.rawErrors.join('\n') : undefined;
  return (
    <>
      <Input.Wrapper
        __staticSelector="TextInput"
        size="sm"
        id={id}
        label={labelValue(props.label || undefined, props.hideLabel, false)}
        description={description as string | undefined}
        required={required}
        error={error}
      >
        <DeferredInput
          id={id}
          name={htmlName || id}
          value={props.value}
          emptyValue={options.emptyValue}
          type={numeric ? 'text' : inputProps.type}
          inputMode={numeric ? (schema.type === 'integer' ? 'numeric' : 'decimal') : undefined}
          required={required}
          disabled={!!(disabled || readonly)}
          readOnly={!!readonly}
          invalid={error !== undefined}
          placeholder={placeholder}
          autoFocus={autofocus}
          autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
          list={schema.examples ? examplesId(id) : undefined}
          describedBy={ariaDescribedByIds(id, !!schema.examples)}
          onChange={props.onChange}
          onChangeOverride={props.onChangeOverride}
          onBlur={props.onBlur}
          onFocus={props.onFocus}
          complete={schema.format === 'https-url' ? withHttps : undefined}
        />
      </Input.Wrapper>
      {props.children}
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}
