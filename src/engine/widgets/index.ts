/**
 * The widget registry: one flat map, built once at module scope (a registry
 * built during render remounts widgets and loses focus on every keystroke,
 * rjsf #4299). Its names are exactly the custom ones of
 * src/engine/core/widgetNames.ts; rjsf's own widgets come from @rjsf/mantine.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { ApiSelectWidget } from './ApiSelectWidget';
import { ConfirmWidget } from './ConfirmWidget';
import { ConnectWidget } from './ConnectWidget';
import { DateWidget } from './DateWidget';
import { IbanWidget } from './IbanWidget';
import { MultiSelectWidget } from './MultiSelectWidget';
import { OtpWidget } from './OtpWidget';
import { PhoneWidget } from './PhoneWidget';
import { RadioCardsWidget } from './RadioCardsWidget';
import { UploadWidget } from './UploadWidget';

export const widgets = {
  phone: PhoneWidget,
  iban: IbanWidget,
  otp: OtpWidget,
  upload: UploadWidget,
  date: DateWidget,
  // rjsf picks a widget named like the field's format, so every date format gets the date picker unasked.
  'date-not-in-past': DateWidget,
  'date-not-in-future': DateWidget,
  'date-2-weeks-ahead': DateWidget,
  radioCards: RadioCardsWidget,
  confirm: ConfirmWidget,
  multiSelect: MultiSelectWidget,
  apiSelect: ApiSelectWidget,
  connect: ConnectWidget,
} satisfies RegistryWidgetsType;
