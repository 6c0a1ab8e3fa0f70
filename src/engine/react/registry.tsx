/**
 * The form's one registry, in rjsf's shape — widgets, templates (list templates included) and fields — and the
 * Mantine-themed rjsf form built from it. Every form of the app (the wizard, the previews) draws with it, and a
 * widget or custom field is added here and nowhere else. Built once at module scope (a registry built during
 * render remounts widgets and loses focus on every keystroke, rjsf #4299).
 *
 * From @rjsf/mantine: its templates and the few widgets the catalogue can name. Importing its whole theme would
 * also bring date pickers, a colour picker and a slider that no catalogue field uses (about 25 KiB gzip); dates
 * use our own date widget. The input template, titles, list items and buttons are ours.
 */
import { getDefaultRegistry, withTheme } from '@rjsf/core';
import ButtonTemplates from '@rjsf/mantine/lib/templates/ButtonTemplates/index.js';
import CyclicSchemaExpandTemplate from '@rjsf/mantine/lib/templates/CyclicSchemaExpandTemplate.js';
import ErrorList from '@rjsf/mantine/lib/templates/ErrorList.js';
import FieldHelpTemplate from '@rjsf/mantine/lib/templates/FieldHelpTemplate.js';
import FieldTemplate from '@rjsf/mantine/lib/templates/FieldTemplate.js';
import MultiSchemaFieldTemplate from '@rjsf/mantine/lib/templates/MultiSchemaFieldTemplate.js';
import OptionalDataControlsTemplate from '@rjsf/mantine/lib/templates/OptionalDataControlsTemplate.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import SelectWidget from '@rjsf/mantine/lib/widgets/SelectWidget.js';
import type { ComponentType } from 'react';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { widgets as customWidgets } from '../widgets';
import { deferredWidget, isWaiting } from '../widgets/deferred';
import { BaseInputTemplate } from './BaseInputTemplate';
import { DescriptionFieldTemplate } from './DescriptionTemplate';
import { FieldErrorTemplate } from './FieldErrorTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { ArrayFieldTitleTemplate, TitleFieldTemplate } from './titleTemplates';
import { AddButton, ArrayFieldItemTemplate, RemoveButton } from './arrayTemplates';
import { ArrayFieldTemplate } from './listLayouts';
import { TupleArrayField } from './TupleArrayField';

// Checkboxes and long text are not on a form's first step: their code loads with the steps after it.
/** One of @rjsf/mantine's widgets (a default export), deferred. */
const later = (load: () => Promise<{ default: unknown }>) =>
  deferredWidget(() => load().then((m) => m.default as ComponentType<WidgetProps>));

/**
 * @rjsf/mantine's select, named even where rjsf hides its label: the choice between a field's branches
 * (`oneOf`/`anyOf`) sits under the field's heading with no label of its own, and a screen reader would
 * announce a nameless combobox.
 */
function NamedSelectWidget(props: WidgetProps) {
  const named = props.hideLabel && typeof props.label === 'string' && props.label !== '';
  // Choosing the branch chosen already must not un-choose it (Mantine's default), leaving no branch drawn.
  const branch = /__(oneof|anyof)_select$/.test(props.htmlName ?? props.id);
  const options = {
    ...props.options,
    ...(named ? { 'aria-label': props.label } : {}),
    ...(branch ? { allowDeselect: false } : {}),
  };
  return <SelectWidget {...props} options={options} />;
}

const widgets: RegistryWidgetsType = {
  CheckboxWidget: later(() => import('@rjsf/mantine/lib/widgets/CheckboxWidget.js')),
  CheckboxesWidget: later(() => import('@rjsf/mantine/lib/widgets/CheckboxesWidget.js')),
  RadioWidget,
  SelectWidget: NamedSelectWidget,
  TextareaWidget: deferredWidget(() => import('./TextareaWidget').then((m) => m.TextareaWidget)),
  ...customWidgets,
};

/**
 * @rjsf/mantine's templates (its generateTemplates() list) with our BaseInputTemplate, title templates, object
 * template (a long step's fields in several `<form>`s), list item and add/remove buttons in place of its own,
 * and without its GridTemplate and WrapIfAdditionalTemplate: the catalogue has no layout grids and no free-form
 * keys (rjsf's plain ones stay as the fallback), and those pulled Mantine's Grid into the wizard.
 */
const templates = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ArrayFieldTitleTemplate,
  BaseInputTemplate,
  CyclicSchemaExpandTemplate,
  ButtonTemplates: { ...ButtonTemplates(), AddButton, RemoveButton },
  DescriptionFieldTemplate,
  ErrorListTemplate: ErrorList,
  FieldErrorTemplate,
  FieldTemplate,
  FieldHelpTemplate,
  ObjectFieldTemplate,
  OptionalDataControlsTemplate,
  TitleFieldTemplate,
  MultiSchemaFieldTemplate,
};

/** Custom fields (a field draws a whole sub-schema, where a widget draws one value): lists, tuples included. */
const fields = { ArrayField: TupleArrayField };

/** The form's registry: what `ui:widget` names and what rjsf draws a step with. */
export const registry = { widgets, templates, fields };

/** Every widget a UI schema can reach: rjsf's defaults overridden by the registry's. */
export const allWidgets = (): RegistryWidgetsType => ({
  ...getDefaultRegistry().widgets,
  ...registry.widgets,
});

export const Form = withTheme(registry);

/**
 * The widgets a step can draw, by rjsf's rules in short: each `ui:widget` its UI schema names, each `format` its
 * schema uses (rjsf picks the widget named like the format) and the checkbox of a yes/no field, as registry keys
 * (`checkbox` is `CheckboxWidget`). Naming more than the step draws only loads some code early; naming less
 * leaves a widget's skeleton on screen for a moment.
 */
function widgetKeys(schema: unknown, ui: unknown): string[] {
  const names = new Set<string>();
  const walk = (node: unknown, visit: (key: string, value: unknown) => void) => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, visit));
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      visit(key, value);
      walk(value, visit);
    }
  };
  walk(ui, (key, value) => {
    if (key === 'ui:widget' && typeof value === 'string') names.add(value);
    if (key === 'ui:options' && value !== null && typeof value === 'object') {
      const widget = (value as { widget?: unknown }).widget;
      if (typeof widget === 'string') names.add(widget);
    }
  });
  walk(schema, (key, value) => {
    if (key === 'format' && typeof value === 'string') names.add(value);
    if (key === 'type' && (value === 'boolean' || (Array.isArray(value) && value.includes('boolean'))))
      names.add('checkbox');
  });
  const keyOf = (name: string) =>
    name in widgets ? name : `${name.charAt(0).toUpperCase()}${name.slice(1)}Widget`;
  return [...names].map(keyOf).filter((key) => key in widgets);
}

const keysByStep = new WeakMap<object, string[]>();
const loadingByStep = new WeakMap<object, Promise<void>>();
/** Steps whose widgets' code is all here: asked on every render of the wizard, answered without a look. */
const readySteps = new WeakSet<object>();

/**
 * The code of a step's widgets that is not here yet, loading; null once every one is here. The wizard shows a
 * step only then: drawn earlier, its widgets' skeletons grow into upload boxes and date fields a moment later and
 * move the buttons under the merchant's finger (a CI run's Back press landed on the space Back had left).
 */
export function widgetsLoading(step: { schema: unknown; ui: unknown }): Promise<void> | null {
  if (readySteps.has(step)) return null;
  let keys = keysByStep.get(step);
  if (!keys) keysByStep.set(step, (keys = widgetKeys(step.schema, step.ui)));
  const waiting = keys.flatMap((key) => {
    const widget: unknown = widgets[key];
    return isWaiting(widget) ? [widget] : [];
  });
  if (waiting.length === 0) {
    readySteps.add(step);
    return null;
  }
  let loading = loadingByStep.get(step);
  if (!loading) {
    loading = Promise.all(waiting.map((widget) => widget.preload())).then(() => undefined);
    // A failed load is tried again by the next render that asks (the runner's "Try again").
    loading.catch(() => loadingByStep.delete(step));
    loadingByStep.set(step, loading);
  }
  return loading;
}
