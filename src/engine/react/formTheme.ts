/**
 * The rjsf form, themed with Mantine: @rjsf/mantine's templates, the few of
 * its widgets the catalogue can name, and our own widgets. Importing its whole
 * theme would also bring date pickers, a colour picker and a slider that no
 * catalogue field uses (about 25 KiB gzip); dates use rjsf's own date input.
 * Built once at module scope (see src/engine/widgets/index.ts).
 */
import { getDefaultRegistry, withTheme } from '@rjsf/core';
import { generateTemplates } from '@rjsf/mantine/lib/templates/index.js';
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js';
import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import SelectWidget from '@rjsf/mantine/lib/widgets/SelectWidget.js';
import TextareaWidget from '@rjsf/mantine/lib/widgets/TextareaWidget.js';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { widgets as customWidgets } from '../widgets';

export const themeWidgets: RegistryWidgetsType = {
  CheckboxWidget,
  CheckboxesWidget,
  RadioWidget,
  SelectWidget,
  TextareaWidget,
  ...customWidgets,
};

/** Every widget a UI schema can reach: rjsf's defaults overridden by the theme's. */
export const allWidgets: RegistryWidgetsType = { ...getDefaultRegistry().widgets, ...themeWidgets };

export const Form = withTheme({ templates: generateTemplates(), widgets: themeWidgets });
