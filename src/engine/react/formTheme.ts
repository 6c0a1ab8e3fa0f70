/**
 * The rjsf form, themed with Mantine: @rjsf/mantine's templates, the few of
 * its widgets the catalogue can name, and our own widgets. Importing its whole
 * theme would also bring date pickers, a colour picker and a slider that no
 * catalogue field uses (about 25 KiB gzip); dates use rjsf's own date input.
 * Built once at module scope (see src/engine/widgets/index.ts). The input
 * template is ours (see BaseInputTemplate.tsx).
 */
import { getDefaultRegistry, withTheme } from '@rjsf/core';
import ArrayFieldTemplate from '@rjsf/mantine/lib/templates/ArrayFieldTemplate.js';
import ButtonTemplates from '@rjsf/mantine/lib/templates/ButtonTemplates/index.js';
import CyclicSchemaExpandTemplate from '@rjsf/mantine/lib/templates/CyclicSchemaExpandTemplate.js';
import DescriptionField from '@rjsf/mantine/lib/templates/DescriptionField.js';
import ErrorList from '@rjsf/mantine/lib/templates/ErrorList.js';
import FieldHelpTemplate from '@rjsf/mantine/lib/templates/FieldHelpTemplate.js';
import FieldTemplate from '@rjsf/mantine/lib/templates/FieldTemplate.js';
import MultiSchemaFieldTemplate from '@rjsf/mantine/lib/templates/MultiSchemaFieldTemplate.js';
import ObjectFieldTemplate from '@rjsf/mantine/lib/templates/ObjectFieldTemplate.js';
import OptionalDataControlsTemplate from '@rjsf/mantine/lib/templates/OptionalDataControlsTemplate.js';
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js';
import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import SelectWidget from '@rjsf/mantine/lib/widgets/SelectWidget.js';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { widgets as customWidgets } from '../widgets';
import { BaseInputTemplate } from './BaseInputTemplate';
import { FieldErrorTemplate } from './FieldErrorTemplate';
import { ArrayFieldTitleTemplate, TitleFieldTemplate } from './titleTemplates';
import { AddButton, ArrayFieldItemTemplate, RemoveButton } from './arrayTemplates';
import { TextareaWidget } from './TextareaWidget';

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

/**
 * @rjsf/mantine's templates (its generateTemplates() list) with our BaseInputTemplate, title templates, list
 * item and add/remove buttons in place of its own, and without its GridTemplate and WrapIfAdditionalTemplate: the
 * catalogue has no layout grids and no free-form keys (rjsf's plain ones stay as the fallback), and those pulled
 * Mantine's Grid into the wizard.
 */
const templates = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ArrayFieldTitleTemplate,
  BaseInputTemplate,
  CyclicSchemaExpandTemplate,
  ButtonTemplates: { ...ButtonTemplates(), AddButton, RemoveButton },
  DescriptionFieldTemplate: DescriptionField,
  ErrorListTemplate: ErrorList,
  FieldErrorTemplate,
  FieldTemplate,
  FieldHelpTemplate,
  ObjectFieldTemplate,
  OptionalDataControlsTemplate,
  TitleFieldTemplate,
  MultiSchemaFieldTemplate,
};

export const Form = withTheme({ templates, widgets: themeWidgets });
