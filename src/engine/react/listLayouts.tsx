/**
 * Two ways a list of objects may be laid out, chosen by its UI schema (`"ui:options": { "layout": … }`), for
 * lists whose items are people or companies the merchant adds one by one:
 *
 * - `cards`: each item a card; **one is open for editing at a time** (capital spec §4 shareholder editing). The
 *   others show their title (`itemTitle`: the item's property that names it) and the values of `itemSummary`,
 *   with Edit and Delete (Delete only while more than one is left). An open card is closed with Save, once its
 *   required fields are answered and none shows a problem. Adding, editing another or pressing the step's Next
 *   while a card is open says "save this … before continuing" (`unsavedMessage`, a text key) — the template holds
 *   the step (formContext `hold`). When the step's check finds a problem in a closed card, that card opens.
 * - `accordion`: each item a panel titled by `itemTitle`, with a count of its files (the upload fields that
 *   apply to its answers, given over required), and the whole list's count above (capital's shareholder IDs).
 *   The first item missing a file is open; an item with a problem opens.
 *
 * Anything else (no layout) is @rjsf/mantine's list with our item template.
 */
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import MantineArrayFieldTemplate from '@rjsf/mantine/lib/templates/ArrayFieldTemplate.js';
import {
  getTemplate,
  getUiOptions,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type ErrorSchema,
} from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { isObject } from '../core/json';
import { toPointer } from '../core/pointer';
import { localRefs, withRef, type RefResolver, type SchemaObject } from '../core/schemaRef';
import { fieldsOf, type WalkNode } from '../core/schemaWalk';

type Layout = 'cards' | 'accordion';

interface ListState {
  layout: Layout;
  items: unknown[];
  /** cards: the open card; accordion: the open panels. */
  open: ReadonlySet<number>;
  toggle: (index: number) => void;
  /** cards: close the open card if it may be (answers given, no problem shown); false when it may not. */
  save: (index: number) => boolean;
  titleOf: (index: number) => string;
  summaryOf: (index: number) => string;
  filesOf: (index: number) => { given: number; required: number };
  message: string | null;
  /** Deletes an item (its message goes with it). */
  remove: (index: number, remove: () => void) => void;
}

const ListContext = createContext<ListState | null>(null);

/** Does an error schema (of one item) hold any message? */
function hasErrors(errors: unknown): boolean {
  if (!isObject(errors)) return false;
  return Object.entries(errors).some(([key, value]) =>
    key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value),
  );
}

/** The upload fields (`x-accept`) that apply to an item's answers: how many, and how many are given. */
function countFiles(node: WalkNode, refs: RefResolver): { given: number; required: number } {
  let given = 0;
  let required = 0;
  for (const field of fieldsOf(node, refs, 'data')) {
    if (field.kind !== 'property') continue;
    if ('x-accept' in field.schema) {
      required += 1;
      if (typeof field.data === 'string' && field.data !== '') given += 1;
    } else if (field.schema.type === 'object') {
      const inner = countFiles(field, refs);
      given += inner.given;
      required += inner.required;
    }
  }
  return { given, required };
}

/** The label of an enum value as the item's UI schema names it (`ui:enumNames`, translated), else the value. */
function valueLabel(schema: SchemaObject, ui: Record<string, unknown>, value: unknown): string {
  if (Array.isArray(schema.enum) && Array.isArray(ui['ui:enumNames'])) {
    const at = schema.enum.indexOf(value);
    const name = at >= 0 ? ui['ui:enumNames'][at] : undefined;
    if (typeof name === 'string') return name;
  }
  const suffix = isObject(ui['ui:options']) ? ui['ui:options'].suffix : undefined;
  return `${String(value)}${typeof suffix === 'string' ? ` ${suffix}` : ''}`;
}

/** An item's name (its `itemTitle` answer), else its translated title and place: "Shareholder 2". */
function itemTitle(
  options: Record<string, unknown>,
  itemUi: Record<string, unknown>,
  item: unknown,
  index: number,
) {
  const key = typeof options.itemTitle === 'string' ? options.itemTitle : undefined;
  const named = key && isObject(item) && typeof item[key] === 'string' ? item[key].trim() : '';
  const fallback = typeof itemUi['ui:title'] === 'string' ? itemUi['ui:title'] : '';
  return named || `${fallback} ${index + 1}`.trim();
}

/** The values of an item's `itemSummary` answers, as their labels, joined. */
function itemSummary(
  options: Record<string, unknown>,
  itemUi: Record<string, unknown>,
  itemSchema: SchemaObject,
  refs: RefResolver,
  item: unknown,
) {
  const keys = Array.isArray(options.itemSummary) ? (options.itemSummary as string[]) : [];
  if (!isObject(item)) return '';
  const properties = isObject(itemSchema.properties) ? itemSchema.properties : {};
  return keys
    .filter((key) => item[key] !== undefined && item[key] !== '')
    .map((key) =>
      valueLabel(
        withRef((properties[key] ?? {}) as SchemaObject, refs),
        (isObject(itemUi[key]) ? itemUi[key] : {}) as Record<string, unknown>,
        item[key],
      ),
    )
    .join(' · ');
}

/**
 * The list's schema as the step file says it, conditionals unresolved (rjsf hands templates its own resolution
 * of them, made on data that may not be the item's): found in the step schema along the list's path.
 */
function useItemSchema(props: ArrayFieldTemplateProps, refs: RefResolver): SchemaObject {
  const { registry, schema } = props;
  const path = props.fieldPathId.path;
  return useMemo(() => {
    let node: SchemaObject = registry.rootSchema as SchemaObject;
    for (const key of path) {
      const properties: unknown = withRef(node, refs).properties;
      const next = isObject(properties) ? properties[String(key)] : undefined;
      node = isObject(next) ? (next as SchemaObject) : (schema as SchemaObject);
    }
    const list = withRef(node, refs);
    return isObject(list.items) ? withRef(list.items as SchemaObject, refs) : {};
  }, [registry.rootSchema, path, refs, schema]);
}

/**
 * Which items are open, and the list's message: cards open one at a time and hold the step while one is open;
 * accordion panels open and close freely; an item with a problem opens.
 */
function useOpenItems(
  props: ArrayFieldTemplateProps & { layout: Layout },
  list: {
    items: unknown[];
    errors: Record<number, unknown>;
    /** Are a card's required answers given? */
    answered: (index: number) => boolean;
    filesOf: (index: number) => { given: number; required: number };
  },
) {
  const { t } = useTranslation('common');
  const { layout, registry } = props;
  const { items, errors, answered, filesOf } = list;
  const options = getUiOptions(props.uiSchema);
  // Cards: the first card not answered yet starts open (a new list's first item); accordion: the first item
  // missing a file.
  const [chosen, setOpen] = useState<ReadonlySet<number>>(() => {
    const first = items.findIndex((_, i) =>
      layout === 'cards' ? !answered(i) : filesOf(i).given < filesOf(i).required,
    );
    return new Set(first >= 0 ? [first] : []);
  });
  const [message, setMessage] = useState<string | null>(null);
  // Translated with the flow's texts (translateUi), like every text of a UI schema.
  const unsaved =
    typeof options.unsavedMessage === 'string' ? options.unsavedMessage : t('wizard.saveItemFirst');
  // What is open: the merchant's choice among the items there are; and an item with a problem (the step's check
  // on Next found one) — in a list of cards, when no other card is open.
  const invalid = items.findIndex((_, i) => hasErrors(errors[i]));
  const kept = [...chosen].filter((i) => i < items.length);
  const open: ReadonlySet<number> = new Set(
    invalid < 0 || (layout === 'cards' && kept.length > 0) ? kept : [...kept, invalid],
  );

  // The wizard's tools for lists (useWizard's formContext); a form without them (a preview) has no step to hold.
  const { hold, problemsAt } = (registry.formContext ?? {}) as {
    hold?: (check: () => boolean) => () => void;
    problemsAt?: (pointer: string) => unknown[];
  };
  // Cards: an open card holds the step.
  const openCard = layout === 'cards' ? [...open][0] : undefined;
  useEffect(() => {
    if (!hold || openCard === undefined) return;
    return hold(() => {
      setMessage(unsaved);
      return true;
    });
  }, [hold, openCard, unsaved]);

  return {
    open,
    message,
    toggle: (index: number) => {
      if (layout === 'accordion') {
        setOpen((current) => {
          const next = new Set(current);
          if (next.has(index)) next.delete(index);
          else next.add(index);
          return next;
        });
        return;
      }
      if (openCard !== undefined && openCard !== index) {
        setMessage(unsaved);
        return;
      }
      setMessage(null);
      setOpen(new Set([index]));
    },
    save: (index: number) => {
      // The step's own rules on this item (formContext problemsAt) when the form has them, else its required
      // answers and the messages on screen.
      const pointer = toPointer([...props.fieldPathId.path.map(String), String(index)]);
      const problems = problemsAt
        ? problemsAt(pointer).length > 0
        : !answered(index) || hasErrors(errors[index]);
      if (problems) {
        setMessage(t('wizard.completeItem'));
        return false;
      }
      setMessage(null);
      setOpen(new Set());
      return true;
    },
    remove: (index: number, drop: () => void) => {
      setMessage(null);
      setOpen(
        (current) => new Set([...current].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i))),
      );
      drop();
    },
    /** A new card, open — unless another is open. */
    add: () => {
      if (openCard !== undefined) {
        setMessage(unsaved);
        return;
      }
      setMessage(null);
      setOpen(new Set([items.length]));
      props.onAddClick();
    },
  };
}

function LayoutList(props: ArrayFieldTemplateProps & { layout: Layout }) {
  const { t } = useTranslation('common');
  const { registry, uiSchema, schema, layout } = props;
  const options = getUiOptions(uiSchema);
  const items = useMemo(
    () => (Array.isArray(props.formData) ? (props.formData as unknown[]) : []),
    [props.formData],
  );
  const refs = useMemo(() => localRefs(registry.rootSchema as SchemaObject), [registry.rootSchema]);
  const itemSchema = useItemSchema(props, refs);
  const itemUi = (isObject(uiSchema?.items) ? uiSchema.items : {}) as Record<string, unknown>;
  const errors = (props.errorSchema ?? {}) as ErrorSchema & Record<number, unknown>;
  const required = Array.isArray(itemSchema.required) ? (itemSchema.required as string[]) : [];
  const answered = (index: number) => {
    const item = items[index];
    return isObject(item) && required.every((key) => item[key] !== undefined && item[key] !== '');
  };
  const countOf = (data: unknown) =>
    countFiles({ schema: itemSchema, ui: itemUi as WalkNode['ui'], data, pointer: '' }, refs);
  // Each item's files, counted once per change of the list (the accordion's badges and total read them).
  const files = useMemo(
    () => (layout === 'accordion' ? items.map(countOf) : []),
    // countOf reads only the item schema and refs, both listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layout, items, itemSchema, refs],
  );
  const filesOf = (index: number) => files[index] ?? { given: 0, required: 0 };
  const { add, ...opened } = useOpenItems(props, { items, errors, answered, filesOf });

  const state: ListState = {
    layout,
    items,
    ...opened,
    titleOf: (index) => itemTitle(options, itemUi, items[index], index),
    summaryOf: (index) => itemSummary(options, itemUi, itemSchema, refs, items[index]),
    filesOf,
  };

  const total = files.reduce(
    (sum, one) => ({ given: sum.given + one.given, required: sum.required + one.required }),
    { given: 0, required: 0 },
  );
  const { ButtonTemplates } = registry.templates;
  const DescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, options);
  const description = options.description || schema.description;
  return (
    <ListContext value={state}>
      <Stack gap="sm" id={props.fieldPathId.$id}>
        {description && (
          // eslint-disable-next-line react-hooks/static-components -- looked up in the registry, built once
          <DescriptionTemplate
            description={description}
            fieldPathId={props.fieldPathId}
            schema={schema}
            uiSchema={uiSchema}
            registry={registry}
          />
        )}
        {layout === 'accordion' && total.required > 0 && (
          <Text size="sm" c="dimmed" data-testid="files-count">
            {t('wizard.filesCount', total)}
          </Text>
        )}
        {props.items}
        {state.message && (
          <Alert color="orange" variant="light" role="alert" data-testid="list-message">
            {state.message}
          </Alert>
        )}
        {props.canAdd && layout === 'cards' && (
          <Group justify="flex-start">
            <ButtonTemplates.AddButton
              id={`${props.fieldPathId.$id}__add`}
              className="rjsf-array-item-add"
              disabled={props.disabled || props.readonly}
              onClick={add}
              uiSchema={uiSchema}
              registry={registry}
            />
          </Group>
        )}
      </Stack>
    </ListContext>
  );
}

/**
 * The fewest items the plain list around an item may hold (its `minItems`): at that count the item has no Remove
 * (removing it only brings the "at least one" message back; rjsf offers Remove whatever `minItems` says).
 */
export const MinItemsContext = createContext(0);

/** The list template of the registry: a layout when the UI schema names one, else @rjsf/mantine's. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { layout } = getUiOptions(props.uiSchema);
  if (layout === 'cards' || layout === 'accordion') return <LayoutList {...props} layout={layout} />;
  const { minItems } = props.schema;
  return (
    <MinItemsContext value={typeof minItems === 'number' ? minItems : 0}>
      <MantineArrayFieldTemplate {...props} />
    </MinItemsContext>
  );
}

/** One item of a laid-out list; null outside one (the plain item template draws it). */
export function useListItem(props: ArrayFieldItemTemplateProps): ReactNode | null {
  const list = use(ListContext);
  const { t } = useTranslation('common');
  if (!list) return null;
  const { index, children, buttonsProps } = props;
  const title = list.titleOf(index);
  const isOpen = list.open.has(index);
  const remove = buttonsProps.onRemoveItem;
  const removable = list.items.length > 1;

  if (list.layout === 'accordion') {
    const files = list.filesOf(index);
    return (
      <Card withBorder radius="md" p={0} data-list-item={index}>
        <UnstyledButton
          onClick={() => list.toggle(index)}
          aria-expanded={isOpen}
          p="md"
          w="100%"
          data-testid={`list-item-${index}`}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>{title}</Text>
            {files.required > 0 && (
              <Badge variant="light" color={files.given >= files.required ? 'teal' : 'gray'}>
                {t('wizard.filesOfItem', { given: files.given, required: files.required })}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        <Box px="md" pb="md" hidden={!isOpen}>
          {children}
        </Box>
      </Card>
    );
  }

  const summary = list.summaryOf(index);
  const deleteButton = (
    <Button variant="subtle" color="red" size="compact-sm" onClick={() => list.remove(index, remove)}>
      {t('wizard.deleteItem')}
    </Button>
  );
  return (
    <Card withBorder radius="md" p="md" data-list-item={index} data-editing={isOpen || undefined}>
      {isOpen ? (
        <Stack gap="sm">
          <Text fw={600}>{title}</Text>
          {children}
          <Group justify="space-between">
            {removable ? deleteButton : <span />}
            <Button size="compact-md" onClick={() => list.save(index)}>
              {t('wizard.saveItem')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="space-between" wrap="nowrap" align="center">
          <Box miw={0}>
            <Text fw={600} truncate>
              {title}
            </Text>
            {summary && (
              <Text size="sm" c="dimmed">
                {summary}
              </Text>
            )}
          </Box>
          <Group gap="xs" wrap="nowrap">
            <Button variant="subtle" size="compact-sm" onClick={() => list.toggle(index)}>
              {t('wizard.editItem')}
            </Button>
            {removable && deleteButton}
          </Group>
        </Group>
      )}
    </Card>
  );
}
