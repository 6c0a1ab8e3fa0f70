/**
 * A field's description as @rjsf/mantine draws it, followed by its checklist: `"ui:options": { "checklist":
 * [text keys] }` lists what to have at hand or what a document must show, each with a tick (capital's "gather
 * your documents" page and the licence's requirements, spec §2) — content a step describes in its UI schema, not
 * a screen of its own.
 */
import { List, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import DescriptionField from '@rjsf/mantine/lib/templates/DescriptionField.js';
import { getUiOptions, type DescriptionFieldProps } from '@rjsf/utils';

export function DescriptionFieldTemplate(props: DescriptionFieldProps) {
  const { checklist } = getUiOptions(props.uiSchema);
  const items = Array.isArray(checklist) ? checklist.filter((item) => typeof item === 'string') : [];
  return (
    <>
      <DescriptionField {...props} />
      {items.length > 0 && (
        <List
          spacing="sm"
          mb="md"
          center
          data-checklist
          icon={
            <ThemeIcon size={22} radius="xl" variant="light">
              <IconCheck size={14} aria-hidden />
            </ThemeIcon>
          }
        >
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </>
  );
}
