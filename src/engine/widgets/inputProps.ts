/**
 * What a widget's input takes from rjsf's props the same way in every widget: its id and name, its label (none
 * when the field template draws it), whether it is required, the field's messages as one error, and blur and
 * focus reported with the field's value.
 */
import type { WidgetProps } from '@rjsf/utils';

export function inputProps(props: WidgetProps) {
  return {
    id: props.id,
    name: props.htmlName || props.id,
    label: props.hideLabel ? undefined : props.label,
    required: props.required,
    error: props.rawErrors?.length ? props.rawErrors.join('\n') : undefined,
    onBlur: () => props.onBlur(props.id, props.value),
    onFocus: () => props.onFocus(props.id, props.value),
  };
}
