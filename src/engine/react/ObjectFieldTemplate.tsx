/**
 * An object's fields, as @rjsf/mantine's ObjectFieldTemplate draws them (title, description, a grid of fields, the
 * add button of a free-form object), except that a step's fields sit in `<form>`s of a few fields each, cut where
 * fieldGroups.ts says: a keystroke then costs the browser's autofill one short form, not the whole step. The rjsf
 * form itself is a `<div>` (StepForm.tsx), as forms cannot nest. Each form is `display: contents`, so the grid
 * lays the fields out as before, and submitting one (Enter in its only text field) does nothing, as Enter did
 * nothing in the step's one form before.
 */
import { Box, Container, Group, SimpleGrid, type MantineSpacing } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import {
  buttonId,
  canExpand,
  descriptionId,
  getTemplate,
  getUiOptions,
  titleId,
  type ObjectFieldTemplatePropertyType,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
} from '@rjsf/utils';
import { formCuts, type FormCuts } from './fieldGroups';

/** A step's cuts, worked out once for its schema (the root object draws first and asks; its objects read them). */
const cutsBySchema = new WeakMap<object, FormCuts>();

function cutsFor(props: ObjectFieldTemplateProps): FormCuts | undefined {
  const root = props.registry.rootSchema;
  let cuts = cutsBySchema.get(root);
  if (!cuts && props.fieldPathId.path.length === 0) {
    cuts = formCuts(root, props.uiSchema, (schema) =>
      props.registry.schemaUtils.retrieveSchema(schema as RJSFSchema),
    );
    cutsBySchema.set(root, cuts);
  }
  return cuts;
}

const stay = (event: FormEvent) => event.preventDefault();

/** The properties in `<form>`s, a new one at each cut; each form is keyed by its first field, so none moves. */
function inForms(shown: ObjectFieldTemplatePropertyType[], starts: Set<string>): ReactNode[] {
  const forms: { key: string; fields: ObjectFieldTemplatePropertyType[] }[] = [];
  for (const property of shown) {
    if (forms.length === 0 || starts.has(property.name))
      forms.push({ key: forms.length === 0 ? '' : property.name, fields: [] });
    forms.at(-1)!.fields.push(property);
  }
  return forms.map((form) => (
    <form key={form.key} noValidate onSubmit={stay} style={{ display: 'contents' }}>
      {form.fields.map((property) => (
        <Box key={property.name}>{property.content}</Box>
      ))}
    </form>
  ));
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, disabled, properties, optionalDataControl, readonly, registry, fieldPathId } =
    props;
  const uiOptions = getUiOptions(props.uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, uiOptions);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  const showControlInTitle = !readonly && !disabled;
  const gridCols = typeof uiOptions.gridCols === 'number' ? uiOptions.gridCols : undefined;
  const shown = properties.filter((property) => !property.hidden);
  const cuts = cutsFor(props);
  const path = fieldPathId.path;
  const cutHere =
    cuts !== undefined && cuts.path.length === path.length && cuts.path.every((name, i) => path[i] === name);
  return (
    <Container id={fieldPathId.$id} p={0}>
      {title && (
        // eslint-disable-next-line react-hooks/static-components -- looked up in the registry, built once
        <TitleFieldTemplate
          id={titleId(fieldPathId)}
          title={title}
          required={props.required}
          schema={props.schema}
          uiSchema={props.uiSchema}
          registry={registry}
          optionalDataControl={showControlInTitle ? optionalDataControl : undefined}
        />
      )}
      {description && (
        // eslint-disable-next-line react-hooks/static-components -- looked up in the registry, built once
        <DescriptionFieldTemplate
          id={descriptionId(fieldPathId)}
          description={description}
          schema={props.schema}
          uiSchema={props.uiSchema}
          registry={registry}
        />
      )}
      <SimpleGrid
        cols={gridCols}
        spacing={uiOptions.gridSpacing as MantineSpacing | undefined}
        verticalSpacing={uiOptions.gridVerticalSpacing as MantineSpacing | undefined}
        mb="sm"
      >
        {!showControlInTitle ? optionalDataControl : undefined}
        {cutHere
          ? inForms(shown, cuts.starts)
          : shown.map((property) => <Box key={property.name}>{property.content}</Box>)}
      </SimpleGrid>
      {canExpand(props.schema, props.uiSchema, props.formData) && (
        <Group mt="xs" justify="flex-end">
          <AddButton
            id={buttonId(fieldPathId, 'add')}
            disabled={disabled || readonly}
            onClick={props.onAddProperty}
            className="rjsf-object-property-expand"
            uiSchema={props.uiSchema}
            registry={registry}
          />
        </Group>
      )}
    </Container>
  );
}
