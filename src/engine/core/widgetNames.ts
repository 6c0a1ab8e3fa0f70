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
  'date',
  'hidden',
  'updown',
  // ours (src/engine/widgets)
  'phone',
  'iban',
  'otp',
  'upload',
] as const;

/** The names src/engine/widgets provides (the rest are rjsf's). */
export const CUSTOM_WIDGET_NAMES = ['phone', 'iban', 'otp', 'upload'] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];
