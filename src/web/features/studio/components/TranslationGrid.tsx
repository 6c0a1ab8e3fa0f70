/**
 * Every text of the flow, English and Arabic side by side; a text missing in either language is marked and
 * can be shown alone. Editing a cell edits the working copy.
 */
import { useMemo, useState } from 'react';
import { Badge, Group, Pagination, Switch, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FlowVersionContent } from '../api';
import { LANGUAGES, setText, textKeys } from '../edits';

const PAGE = 25;

export function TranslationGrid(props: {
  content: FlowVersionContent;
  onChange: (c: FlowVersionContent) => void;
}) {
  const { t } = useTranslation('studio');
  const [missingOnly, setMissingOnly] = useState(false);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const keys = useMemo(() => textKeys(props.content), [props.content]);
  const missing = (key: string) => LANGUAGES.filter((l) => !props.content.texts[l]?.[key]);
  const shown = keys.filter(
    (key) =>
      (!missingOnly || missing(key).length > 0) &&
      (!query ||
        key.includes(query) ||
        LANGUAGES.some((l) => props.content.texts[l]?.[key]?.toLowerCase().includes(query.toLowerCase()))),
  );
  const missingCount = keys.filter((k) => missing(k).length > 0).length;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const current = Math.min(page, pages);
  return (
    <>
      <Group mb="sm" justify="space-between">
        <TextInput
          placeholder={t('texts.search')}
          aria-label={t('texts.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Group>
          <Badge color={missingCount > 0 ? 'red' : 'green'} variant="light">
            {t('texts.missingCount', { count: missingCount })}
          </Badge>
          <Switch
            label={t('texts.missingOnly')}
            checked={missingOnly}
            onChange={(e) => {
              setMissingOnly(e.currentTarget.checked);
              setPage(1);
            }}
          />
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="xs" data-testid="translation-grid">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="28%">{t('texts.key')}</Table.Th>
              <Table.Th>{t('language.en')}</Table.Th>
              <Table.Th>{t('language.ar')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.slice((current - 1) * PAGE, current * PAGE).map((key) => (
              <Table.Tr key={key}>
                <Table.Td>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {key}
                  </Text>
                </Table.Td>
                {LANGUAGES.map((language) => {
                  const value = props.content.texts[language]?.[key] ?? '';
                  return (
                    <Table.Td key={language} bg={value ? undefined : 'var(--mantine-color-red-0)'}>
                      <Textarea
                        autosize
                        minRows={1}
                        size="xs"
                        dir={language === 'ar' ? 'rtl' : 'ltr'}
                        lang={language}
                        aria-label={`${key} (${t(`language.${language}`)})`}
                        value={value}
                        error={value ? undefined : t('texts.missing')}
                        onChange={(e) =>
                          props.onChange(setText(props.content, language, key, e.currentTarget.value))
                        }
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown.length === 0 && <Text c="dimmed">{t('texts.none')}</Text>}
      {pages > 1 && <Pagination mt="sm" total={pages} value={current} onChange={setPage} />}
    </>
  );
}
