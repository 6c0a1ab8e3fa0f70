/**
 * The widget registry: one flat map, built once at module scope (a registry
 * built during render remounts widgets and loses focus on every keystroke,
 * rjsf #4299). Its names are exactly the custom ones of
 * src/engine/core/widgetNames.ts; rjsf's own widgets come from @rjsf/mantine.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { IbanWidget } from './IbanWidget';
import { OtpWidget } from './OtpWidget';
import { PhoneWidget } from './PhoneWidget';
import { UploadWidget } from './UploadWidget';

export const widgets = {
  phone: PhoneWidget,
  iban: IbanWidget,
  otp: OtpWidget,
  upload: UploadWidget,
} satisfies RegistryWidgetsType;
