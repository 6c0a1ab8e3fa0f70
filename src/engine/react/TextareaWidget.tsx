/**
 * rjsf's textarea with Mantine's Textarea, typing handed to the form when it pauses, as in every text input
 * (useDeferredChange). Unlike the single-line inputs (BaseInputTemplate.tsx, useTypedInput), React keeps its
 * text: an autosized textarea grows from its value, which a text written into it by the form (a reset, a rule)
 * would not tell it. A textarea is one field of a step, so its render per keystroke stays small.
 */
import { Textarea } from '@mantine/core';
import { ariaDescribedByIds, labelValue, type WidgetProps } from '@rjsf/utils';
import { useDeferredChange } from '../widgets/useDeferredChange';
import { useAutoDir } from './autoDir';

export function TextareaWidget(props: WidgetProps) {
  const { id, options } = props;
  const { value, change, flush } = useDeferredChange<unknown>(props.value, props.onChange);
  const rows = typeof options.rows === 'number' ? options.rows : undefined;
  // As the text inputs: a value reads in the direction of its first letter (autoDir.ts).
  const dirRef = useAutoDir<HTMLTextAreaElement>(typeof value !== 'string' || value === '');
  return (
    <Textarea
      id={id}
      name={props.htmlName || props.name}
      value={typeof value === 'string' ? value : ''}
      ref={dirRef}
      placeholder={props.placeholder || undefined}
      required={props.required}
      disabled={props.disabled || props.readonly}
      autoFocus={props.autofocus}
      label={labelValue(props.label || undefined, props.hideLabel, false)}
      description={props.hideLabel ? undefined : (options.description as string | undefined)}
      minRows={rows}
      autosize={rows !== undefined}
      onChange={(event) => change(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => {
        flush();
        props.onBlur(id, event.target.value);
      }}
      onFocus={(event) => props.onFocus(id, event.target.value)}
      error={props.rawErrors && props.rawErrors.length > 0 ? props.rawErrors.join('\n') : undefined}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
