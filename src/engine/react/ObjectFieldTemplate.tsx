/**
 * An object's fields, as @rjsf/mantine's ObjectFieldTemplate draws them (title, description, a grid of fields, the
 * add button of a free-form object), except that a step's fields sit in `<form>`s of a few fields each, cut where
 * fieldGroups.ts says (StepForm.tsx works the cuts out and hands them over in the form context): a keystroke
 * then costs the browser's autofill one short form, not the whole step. The rjsf form itself is then a `<div>`
 * (StepForm.tsx), as forms cannot nest. Each form lays its fields out as the grid around it would
 * (ObjectFieldTemplate.module.css), and submitting one (Enter in its only text field) does nothing, as Enter did
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
} from '@rjsf/utils';
import type { FormCuts } from './fieldGroups';
import classes from './ObjectFieldTemplate.module.css';

const stay = (event: FormEvent) => event.preventDefault();

/** One property, a cell of the object's grid (or of its form's row of it). */
const cell = (property: ObjectFieldTemplatePropertyType) => <Box key={property.name}>{property.content}</Box>;

/** The properties in `<form>`s, a new one at each cut; each form is keyed by its first field, so none moves. */
function inForms(shown: ObjectFieldTemplatePropertyType[], starts: Set<string>): ReactNode[] {
  const forms: { key: string; fields: ObjectFieldTemplatePropertyType[] }[] = [];
  for (const property of shown) {
    if (forms.length === 0 || starts.has(property.name))
      forms.push({ key: forms.length === 0 ? '' : property.name, fields: [] });
    forms.at(-1)!.fields.push(property);
  }
  return forms.map((form) => (
    <form key={form.key} className={classes.form} noValidate onSubmit={stay}>
      {form.fields.map(cell)}
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
  // The wizard's step form says where to cut (StepForm.tsx); a form without cuts draws its fields as one grid.
  const cuts = (registry.formContext as { formCuts?: FormCuts } | undefined)?.formCuts;
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
        {cutHere ? inForms(shown, cuts.starts) : shown.map(cell)}
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
