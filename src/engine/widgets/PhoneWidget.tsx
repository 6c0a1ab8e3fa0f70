/**
 * Phone with dial code (spec §5, §9), as a catalogue widget: PhoneInput, stored as `+<digits>`. Whether the
 * number is real for its country is the `phone` format's verdict (libphonenumber-js), shown as the field's
 * error. Typing reaches the form when it pauses or on blur (see useDeferredChange); a new dial code at once.
 */
import type { WidgetProps } from '@rjsf/utils';
import { PhoneInput } from './PhoneInput';
import { useDeferredChange } from './useDeferredChange';

export function PhoneWidget(props: WidgetProps) {
  const { value, change, flush } = useDeferredChange<unknown>(props.value, props.onChange);
  const stored = typeof value === 'string' ? value : undefined;
  return (
    <PhoneInput
      id={props.id}
      label={props.label}
      required={props.required}
      value={stored}
      error={props.rawErrors?.length ? props.rawErrors.join('\n') : undefined}
      disabled={props.disabled || props.readonly}
      onChange={(next, immediate) => {
        // A dial code picked before any digit is kept (`+971`), so the choice survives; it is not a valid number yet.
        change(next);
        if (immediate) flush();
      }}
      onBlur={() => {
        flush();
        props.onBlur(props.id, stored);
      }}
      onFocus={() => props.onFocus(props.id, stored)}
    />
  );
}
