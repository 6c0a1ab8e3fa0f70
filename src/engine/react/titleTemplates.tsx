/**
 * Titles of objects and arrays, as @rjsf/mantine draws them, with the optional-data control beside the title in
 * a Group rather than a Grid (the only reason its templates pulled Mantine's Grid into the wizard).
 */
import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';
import { getUiOptions, titleId, type ArrayFieldTitleProps, type TitleFieldProps } from '@rjsf/utils';

function withControl(heading: ReactNode, control: ReactNode) {
  if (!control) return heading;
  return (
    <Group justify="space-between" wrap="nowrap" align="center">
      {heading}
      {control}
    </Group>
  );
}

export function TitleFieldTemplate(props: TitleFieldProps) {
  // `"ui:options": { "label": false }` on an object hides its heading (a wrapper such as legal_info, whose step
  // title already says what it holds), as it hides a field's label.
  const { label: displayLabel = true } = getUiOptions(props.uiSchema, props.registry.globalUiOptions);
  const heading =
    props.title && displayLabel ? (
      <Title id={props.id} order={3} fw="normal">
        {props.title}
      </Title>
    ) : null;
  return withControl(heading, props.optionalDataControl);
}

export function ArrayFieldTitleTemplate(props: ArrayFieldTitleProps) {
  const { label: displayLabel = true } = getUiOptions(props.uiSchema, props.registry.globalUiOptions);
  if (!props.title || !displayLabel) return null;
  const heading = (
    <Title id={titleId(props.fieldPathId)} order={4} fw="normal">
      {props.title}
    </Title>
  );
  return withControl(heading, props.optionalDataControl);
}
