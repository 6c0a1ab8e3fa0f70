/**
 * The widget names a UI schema may use in `ui:widget`. The React registry
 * (src/engine/widgets) provides exactly these; a test keeps the two equal, so
 * `catalogue check` never accepts a widget the app cannot draw.
 */
export const WIDGET_NAMES = [
  // rjsf's own widgets, drawn by @rjsf/mantine
  'text',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'email',
  'hidden',
  'updown',
  // ours (src/engine/widgets)
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
] as const;

/**
 * The names src/engine/widgets provides (the rest are rjsf's). `date` replaces rjsf's; the three date formats'
 * names make rjsf pick the date picker for a field of that format without a `ui:widget`.
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
] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
