/**
 * A step's answers, read-only: each answered field as its label and its value as the merchant would say it
 * (option labels, yes/no, dates as dd/MM/yyyy, files by name with a download, an IBAN in groups of four as its
 * field shows it), nested objects flattened and
 * lists (company owners) one card per item. Built from the same step schema and UI schema as the form, so
 * a field added to the catalogue shows here too. Hidden fields and unanswered ones are left out.
 */
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isObject, type JsonObject } from '../core/json';
import { localRefs, withRef, type RefResolver } from '../core/schemaRef';
import { fieldsOf, type WalkNode } from '../core/schemaWalk';
import { branchApplies, selectorOf } from '../core/composition';
import { fileNameOf, type WidgetServices } from '../widgets/services';
import { StoredThumbnail } from '../widgets/StoredThumbnail';
import { groupIban } from '../core/iban';
import { getAt } from '../core/pointer';
import { showDate } from '../core/formats';

interface Row {
  key: string;
  label: string;
  value?: string;
  file?: string;
  items?: Row[][];
  /** A value picked from a server list (`apiSelect`): its label comes from that list. */
  lookup?: { source: string; parent: unknown; value: unknown };
}

type Options = NonNullable<WidgetServices['options']>;

/** A fixed value's label: its `ui:enumNames` entry, or the title of its `oneOf`/`anyOf` option (`{ const, title }`). */
const enumLabel = (value: unknown, schema: JsonObject, ui: JsonObject) => {
  const options = Array.isArray(schema.enum) ? schema.enum : [];
  const names = Array.isArray(ui['ui:enumNames']) ? (ui['ui:enumNames'] as string[]) : [];
  const at = options.indexOf(value);
  if (at >= 0 && names[at]) return names[at];
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]) : [];
    const i = branches.findIndex((b) => isObject(b) && 'const' in b && b.const === value);
    const label = i >= 0 ? optionTitle(ui, keyword, i) : undefined;
    if (label) return label;
  }
  return String(value);
};

/** An option's label as translateUi put it in the UI schema (`oneOf: [{ "ui:title": … }]`). */
function optionTitle(ui: JsonObject, keyword: 'oneOf' | 'anyOf', i: number): string | undefined {
  const options = ui[keyword];
  const option = Array.isArray(options) ? options[i] : undefined;
  return isObject(option) && typeof option['ui:title'] === 'string' ? option['ui:title'] : undefined;
}

/**
 * The branches of an object's `oneOf`/`anyOf` its answers chose (a company, not a person): each as a row with
 * the option's label, and the fixed properties that say which it is (`kind`), which are not shown as answers.
 */
function chosenBranches(node: WalkNode, refs: RefResolver): { rows: Row[]; selectors: Set<string> } {
  const rows: Row[] = [];
  const selectors = new Set<string>();
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = Array.isArray(node.schema[keyword]) ? (node.schema[keyword] as unknown[]) : [];
    branches.forEach((raw, i) => {
      if (!isObject(raw)) return;
      const branch = withRef(raw, refs);
      const selector = selectorOf(branch);
      if (!selector || !isObject(selector.properties)) return;
      const names = Object.keys(selector.properties);
      names.forEach((name) => selectors.add(name));
      const answered =
        isObject(node.data) && names.some((name) => (node.data as JsonObject)[name] !== undefined);
      const label = optionTitle(node.ui, keyword, i);
      if (answered && label && branchApplies(branch, node.data))
        rows.push({
          key: `${node.pointer}/${keyword}`,
          label: String(node.ui['ui:title'] ?? ''),
          value: label,
        });
    });
  }
  return { rows, selectors };
}

/** The rows of an object's answered fields (the schema walker's fields, in `ui:order` first). */
function rowsOf(node: WalkNode, refs: RefResolver, yesNo: (value: boolean) => string, root: unknown): Row[] {
  if (!isObject(node.data)) return [];
  const branches = chosenBranches(node, refs);
  const fields = fieldsOf(node, refs, 'data').filter(
    (f) => f.kind === 'property' && !branches.selectors.has(f.name),
  );
  const order = Array.isArray(node.ui['ui:order']) ? (node.ui['ui:order'] as string[]) : [];
  const ordered = [
    ...order.flatMap((name) => fields.filter((f) => f.name === name)),
    ...fields.filter((f) => !order.includes(f.name)),
  ];
  const answers = ordered.flatMap((field): Row[] => {
    const { schema: child, ui: childUi, data: value, pointer: key } = field;
    if (value === undefined || value === null || value === '' || childUi['ui:widget'] === 'hidden') return [];
    if (isObject(childUi['ui:options']) && childUi['ui:options'].summary === false) return [];
    const label = String(childUi['ui:title'] ?? field.name);
    if (isObject(value)) return rowsOf(field, refs, yesNo, root);
    if (Array.isArray(value)) {
      const items = fieldsOf(field, refs, 'data').filter((f) => f.kind === 'item');
      if (items.some((item) => isObject(item.schema.properties)))
        return [{ key, label, items: items.map((item) => rowsOf(item, refs, yesNo, root)) }];
      if (value.length === 0) return [];
      // A tuple's positions each say what they are ("Opens", "Closes"): a row each, under its own title.
      if (Array.isArray(child.prefixItems))
        return items.map((item) => ({
          key: item.pointer,
          label: typeof item.ui['ui:title'] === 'string' ? item.ui['ui:title'] : label,
          value: enumLabel(item.data, item.schema, item.ui),
        }));
      // A list's option labels are in its items' UI schema (as rjsf reads them).
      return [
        { key, label, value: items.map((item) => enumLabel(item.data, item.schema, item.ui)).join(', ') },
      ];
    }
    const listOptions = isObject(childUi['ui:options']) ? childUi['ui:options'] : {};
    if (childUi['ui:widget'] === 'apiSelect' && typeof listOptions.source === 'string') {
      const dependsOn = typeof listOptions.dependsOn === 'string' ? listOptions.dependsOn : undefined;
      const parent = dependsOn ? getAt(root, dependsOn) : undefined;
      return [{ key, label, value: String(value), lookup: { source: listOptions.source, parent, value } }];
    }
    if (childUi['ui:widget'] === 'upload' || 'x-accept' in child)
      return [{ key, label, file: String(value) }];
    if (childUi['ui:widget'] === 'iban') return [{ key, label, value: groupIban(String(value)) }];
    if (typeof value === 'boolean') return [{ key, label, value: yesNo(value) }];
    if (Array.isArray(child.enum) || Array.isArray(child.oneOf) || Array.isArray(child.anyOf))
      return [{ key, label, value: enumLabel(value, child, childUi) }];
    if (typeof child.format === 'string' && child.format.startsWith('date'))
      return [{ key, label, value: showDate(String(value)) }];
    return [{ key, label, value: String(value) }];
  });
  return [...branches.rows, ...answers];
}

/** A server list's label for a value; the value itself when the list cannot be had or does not hold it. */
function LookupText(props: { lookup: NonNullable<Row['lookup']>; fallback: string; options?: Options }) {
  const { i18n } = useTranslation();
  const { options, fallback } = props;
  const { source, parent, value } = props.lookup;
  const language = i18n.language;
  // The label found for one question (list, parent, value, language); another question shows a skeleton.
  const question = JSON.stringify([source, parent, value, language]);
  const [answer, setAnswer] = useState<{ question: string; label: string } | null>(null);
  useEffect(() => {
    if (!options) return;
    let live = true;
    options(source, parent, language)
      .then(
        (list) => list.find((option) => String(option.value) === String(value))?.label ?? fallback,
        () => fallback,
      )
      .then((label) => live && setAnswer({ question, label }));
    return () => {
      live = false;
    };
  }, [options, fallback, source, parent, value, language, question]);
  if (!options) return <bdi>{fallback}</bdi>;
  return answer?.question === question ? (
    <bdi>{answer.label}</bdi>
  ) : (
    // Inline in the line of text it stands for, so the page does not move when the label arrives.
    <Skeleton
      component="span"
      display="inline-block"
      height={14}
      width={120}
      style={{ verticalAlign: 'middle' }}
    />
  );
}

/** A stored file: its thumbnail when it is an image (useStoredPreview), its name, and a download. */
function FileRow(props: {
  file: string;
  onDownload?: (url: string) => void;
  preview?: WidgetServices['preview'];
}) {
  const { t } = useTranslation('widgets');
  return (
    <Group gap="xs" wrap="nowrap">
      <StoredThumbnail file={props.file} preview={props.preview} height={48} maxWidth={160} />
      <Text size="sm" fw={500} truncate>
        <bdi dir="ltr">{fileNameOf(props.file)}</bdi>
      </Text>
      {props.onDownload && (
        <Anchor component="button" type="button" size="sm" onClick={() => props.onDownload!(props.file)}>
          {t('upload.download')}
        </Anchor>
      )}
    </Group>
  );
}

function Rows(props: {
  rows: Row[];
  onDownload?: (url: string) => void;
  preview?: WidgetServices['preview'];
  options?: Options;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {props.rows.map((row) =>
        row.items ? (
          <Stack key={row.key} gap="xs" style={{ gridColumn: '1 / -1' }}>
            <Text size="sm" c="dimmed">
              {row.label}
            </Text>
            {row.items.map((item, i) => (
              <Paper key={`${row.key}/${i}`} withBorder radius="md" p="sm">
                <Rows
                  rows={item}
                  onDownload={props.onDownload}
                  preview={props.preview}
                  options={props.options}
                />
              </Paper>
            ))}
          </Stack>
        ) : (
          <Stack key={row.key} gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {row.label}
            </Text>
            {row.file ? (
              <FileRow file={row.file} onDownload={props.onDownload} preview={props.preview} />
            ) : (
              <Text component="div" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {/* Isolated: a phone number or an IBAN keeps its own direction inside Arabic text. */}
                {row.lookup ? (
                  <LookupText lookup={row.lookup} fallback={row.value ?? ''} options={props.options} />
                ) : (
                  <bdi>{row.value}</bdi>
                )}
              </Text>
            )}
          </Stack>
        ),
      )}
    </SimpleGrid>
  );
}

/**
 * @param schema - the step's (bundled) schema
 * @param ui - its UI schema with texts already translated (translateUi)
 * @param data - the whole form data
 */
export function StepSummary(props: {
  schema: JsonObject;
  ui: JsonObject;
  data: Record<string, unknown>;
  onDownload?: (url: string) => void;
  /** Reads a stored image for its thumbnail (the form's own services). */
  preview?: WidgetServices['preview'];
  /** The lists `apiSelect` fields pick from, to show a label rather than an id (the form's own services). */
  options?: Options;
}) {
  const { t } = useTranslation('common');
  const refs = localRefs(props.schema);
  const rows = rowsOf(
    { schema: withRef(props.schema, refs), ui: props.ui, data: props.data, pointer: '' },
    refs,
    (v) => (v ? t('yes') : t('no')),
    props.data,
  );
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('wizard.nothingToShow')}
      </Text>
    );
  return <Rows rows={rows} onDownload={props.onDownload} preview={props.preview} options={props.options} />;
}
