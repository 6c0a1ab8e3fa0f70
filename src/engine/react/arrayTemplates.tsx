/**
 * Lists (company owners): each item with its buttons in a row under it, items parted by a line, and the add and
 * remove buttons in words. @rjsf/mantine put an icon-only toolbar beside each item, which took a column from
 * every field (cramped at 375 px) and left the remove cross next to the item's last field, as if it cleared that
 * field; a lone "+" did not say what it adds.
 */
import { use } from 'react';
import { Box, Button, Divider, Group } from '@mantine/core';
import { MinItemsContext, useListItem } from './listLayouts';
import {
  getTemplate,
  getUiOptions,
  TranslatableString,
  type ArrayFieldItemTemplateProps,
  type IconButtonProps,
} from '@rjsf/utils';

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  // An item of a list laid out as cards or an accordion draws itself there (listLayouts.tsx).
  const laidOut = useListItem(props);
  if (laidOut) return laidOut;
  const { className, index, totalItems, uiSchema, registry, children } = props;
  // No Remove while the list holds only the items it must (its minItems); no toolbar when nothing is left in it.
  const atLeast = use(MinItemsContext);
  const buttonsProps =
    totalItems <= atLeast ? { ...props.buttonsProps, hasRemove: false } : props.buttonsProps;
  const { hasCopy, hasMoveDown, hasMoveUp, hasRemove } = buttonsProps;
  const hasToolbar = props.hasToolbar && (hasCopy || hasMoveDown || hasMoveUp || hasRemove);
  const ButtonsTemplate = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  return (
    <Box className={className || 'rjsf-array-item'} mb="xs">
      {index > 0 && <Divider mb="md" variant="dashed" />}
      {children}
      {hasToolbar && (
        <Group justify="flex-end" gap="xs" mt="xs">
          {/* The template is looked up in the form's registry (built once), not made here. */}
          {/* eslint-disable-next-line react-hooks/static-components */}
          <ButtonsTemplate {...buttonsProps} />
        </Group>
      )}
    </Box>
  );
}

/** What rjsf's button props hold that a Mantine button takes. */
const buttonProps = (props: IconButtonProps) => ({
  id: props.id,
  className: props.className,
  disabled: props.disabled,
  onClick: props.onClick,
});

export function AddButton(props: IconButtonProps) {
  return (
    <Button variant="light" size="sm" leftSection={<span aria-hidden="true">+</span>} {...buttonProps(props)}>
      {props.registry.translateString(TranslatableString.AddItemButton)}
    </Button>
  );
}

export function RemoveButton(props: IconButtonProps) {
  return (
    <Button variant="subtle" color="red" size="compact-sm" {...buttonProps(props)}>
      {props.registry.translateString(TranslatableString.RemoveButton)}
    </Button>
  );
}
