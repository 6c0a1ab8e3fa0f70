/**
 * A step's answers, read-only: each answered field as its label and its value as the merchant would say it
 * (option labels, yes/no, dates as dd/MM/yyyy, files by name with a download), nested objects flattened and
 * lists (company owners) one card per item. Built from the same step schema and UI schema as the form, so
 * a field added to the catalogue shows here too. Hidden fields and unanswered ones are left out.
 */
import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JsonObject } from './catalogueTypes';
import { localRefs, withRef, type RefResolver } from '../core/schemaRef';
import { fileNameOf } from '../widgets/services';

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

interface Row {
  key: string;
  label: string;
  value?: string;
  file?: string;
  items?: Row[][];
}

/** "2026-11-22" → "22/11/2026" (spec §9 dates read day first). */
function showDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

function rowsOf(
  schema: JsonObject,
  ui: JsonObject,
  data: unknown,
  refs: RefResolver,
  yesNo: (value: boolean) => string,
  path: string,
): Row[] {
  const field = withRef(schema, refs);
  const properties = field.properties;
  if (!isObject(properties) || !isObject(data)) return [];
  const names = Object.keys(properties);
  const order = Array.isArray(ui['ui:order'])
    ? (ui['ui:order'] as string[]).filter((n) => names.includes(n))
    : [];
  const ordered = [...order, ...names.filter((n) => !order.includes(n))];
  return ordered.flatMap((name): Row[] => {
    const child = withRef(properties[name] as JsonObject, refs);
    const childUi = isObject(ui[name]) ? ui[name] : {};
    const value = data[name];
    const key = `${path}/${name}`;
    if (value === undefined || value === null || value === '' || childUi['ui:widget'] === 'hidden') return [];
    const label = String(childUi['ui:title'] ?? name);
    if (isObject(value)) return rowsOf(child, childUi, value, refs, yesNo, key);
    const enumLabel = (v: unknown, s: JsonObject, u: JsonObject) => {
      const options = Array.isArray(s.enum) ? s.enum : [];
      const names = Array.isArray(u['ui:enumNames']) ? (u['ui:enumNames'] as string[]) : [];
      const at = options.indexOf(v);
      return at >= 0 && names[at] ? names[at] : String(v);
    };
    if (Array.isArray(value)) {
      const items = isObject(child.items) ? withRef(child.items, refs) : {};
      const itemsUi = isObject(childUi.items) ? childUi.items : {};
      if (isObject(items.properties))
        return [
          {
            key,
            label,
            items: value.map((item, i) => rowsOf(items, itemsUi, item, refs, yesNo, `${key}/${i}`)),
          },
        ];
      if (value.length === 0) return [];
      // A list's option labels are in its items' UI schema (as rjsf reads them).
      return [{ key, label, value: value.map((v) => enumLabel(v, items, itemsUi)).join(', ') }];
    }
    if (childUi['ui:widget'] === 'upload' || 'x-accept' in child)
      return [{ key, label, file: String(value) }];
    if (typeof value === 'boolean') return [{ key, label, value: yesNo(value) }];
    if (Array.isArray(child.enum)) return [{ key, label, value: enumLabel(value, child, childUi) }];
    if (typeof child.format === 'string' && child.format.startsWith('date'))
      return [{ key, label, value: showDate(String(value)) }];
    return [{ key, label, value: String(value) }];
  });
}

function Rows(props: { rows: Row[]; onDownload?: (url: string) => void }) {
  const { t } = useTranslation('widgets');
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
                <Rows rows={item} onDownload={props.onDownload} />
              </Paper>
            ))}
          </Stack>
        ) : (
          <Stack key={row.key} gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {row.label}
            </Text>
            {row.file ? (
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} truncate dir="ltr">
                  {fileNameOf(row.file)}
                </Text>
                {props.onDownload && (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => props.onDownload!(row.file!)}
                  >
                    {t('upload.download')}
                  </Anchor>
                )}
              </Group>
            ) : (
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {/* Isolated: a phone number or an IBAN keeps its own direction inside Arabic text. */}
                <bdi>{row.value}</bdi>
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
}) {
  const { t } = useTranslation('common');
  const rows = rowsOf(
    props.schema,
    props.ui,
    props.data,
    localRefs(props.schema),
    (v) => (v ? t('yes') : t('no')),
    '',
  );
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('wizard.nothingToShow')}
      </Text>
    );
  return <Rows rows={rows} onDownload={props.onDownload} />;
}
