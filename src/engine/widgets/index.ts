/**
 * The widget registry: one flat map, built once at module scope (a registry
 * built during render remounts widgets and loses focus on every keystroke,
 * rjsf #4299). Its names are exactly the custom ones of
 * src/engine/core/widgetNames.ts; rjsf's own widgets come from @rjsf/mantine.
 *
 * The phone and the server-list select are drawn on the first step of a form
 * (onboarding's basic info); the others load when a step has them, or once a
 * form's first step shows (see deferred.tsx).
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { ApiSelectWidget } from './ApiSelectWidget';
import { deferredWidget as later } from './deferred';
import { PhoneWidget } from './PhoneWidget';

const DateWidget = later(() => import('./DateWidget').then((m) => m.DateWidget));

export const widgets = {
  phone: PhoneWidget,
  iban: later(() => import('./IbanWidget').then((m) => m.IbanWidget)),
  otp: later(() => import('./OtpWidget').then((m) => m.OtpWidget)),
  upload: later(() => import('./UploadWidget').then((m) => m.UploadWidget)),
  date: DateWidget,
  // rjsf picks a widget named like the field's format, so every date format gets the date picker unasked.
  'date-not-in-past': DateWidget,
  'date-not-in-future': DateWidget,
  'date-2-weeks-ahead': DateWidget,
  radioCards: later(() => import('./RadioCardsWidget').then((m) => m.RadioCardsWidget)),
  confirm: later(() => import('./ConfirmWidget').then((m) => m.ConfirmWidget)),
  multiSelect: later(() => import('./MultiSelectWidget').then((m) => m.MultiSelectWidget)),
  apiSelect: ApiSelectWidget,
  connect: later(() => import('./ConnectWidget').then((m) => m.ConnectWidget)),
} satisfies RegistryWidgetsType;
