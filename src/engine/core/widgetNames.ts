/**
 * The widget names a UI schema may use in `ui:widget`. The React registry
 * (src/engine/widgets) provides exactly these; a test keeps the two equal, so
 * `catalogue check` never accepts a widget the app cannot draw.
 */
/**
 * The names src/engine/widgets provides. `date` replaces rjsf's; the three date formats' names make rjsf pick
 * the date picker for a field of that format without a `ui:widget`.
 */
export const CUSTOM_WIDGET_NAMES = [
  'phone',
  'iban',
  'otp',
  'upload',
  'date',
  'date-not-in-past',
  'date-not-in-future',
  'date-2-weeks-ahead',
  'radioCards',
  'confirm',
  'multiSelect',
  'apiSelect',
  'connect',
] as const;

/** rjsf's own widgets the catalogue may name, drawn by @rjsf/mantine (or our templates). */
export const RJSF_WIDGET_NAMES = [
  'text',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'email',
  'hidden',
  'updown',
] as const;

export const WIDGET_NAMES = [...RJSF_WIDGET_NAMES, ...CUSTOM_WIDGET_NAMES] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
