/**
 * Date: the browser's own date picker (native on phones, no calendar library
 * in the bundle), stored as yyyy-mm-dd. Its earliest and latest days come from
 * the field's format (not in the past, not in the future, two weeks ahead —
 * src/engine/core/formats.ts, the same rule and clock as the validator) or
 * from `ui:options` `min` / `max`. The picker only guides: a typed date out of
 * range still gets the format's message. Dates stay left to right in Arabic.
 */
import { TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { dateLimits } from '../core/formats';

export function DateWidget(props: WidgetProps) {
  const limits = dateLimits(typeof props.schema.format === 'string' ? props.schema.format : undefined);
  const min = typeof props.options.min === 'string' ? props.options.min : limits.min;
  const max = typeof props.options.max === 'string' ? props.options.max : limits.max;
  const error = props.rawErrors?.length ? props.rawErrors.join('\n') : undefined;
  return (
    <TextInput
      id={props.id}
      name={props.htmlName || props.id}
      type="date"
      dir="ltr"
      label={props.hideLabel ? undefined : props.label}
      description={props.hideLabel ? undefined : (props.options.description as string | undefined)}
      required={props.required}
      disabled={props.disabled || props.readonly}
      autoFocus={props.autofocus}
      min={min}
      max={max}
      error={error}
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(event) => props.onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
      styles={{ input: { textAlign: 'start' } }}
    />
  );
}
