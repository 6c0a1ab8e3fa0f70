/**
 * A field's options in the friendly form: each value with its label in both languages, moved up or down,
 * removed, and new ones added with their labels. Values and labels change together (rjsf pairs them by
 * position). Options a field takes from a shared definition keep their values (the Schema tab changes those,
 * for every step that shares them); their labels are the step's and edit here.
 */
import { ActionIcon, Button, Code, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowVersionContent } from '../api';
import { addOption, LANGUAGES, moveOption, optionsOf, removeOption, setText, type FieldInfo } from '../edits';

/** What a stored option value may be: short, and safe in a text key and a URL. */
const VALUE = /^[A-Za-z0-9_-]{1,64}$/;

export function OptionsEditor(props: {
  content: FlowVersionContent;
  stepId: string;
  field: FieldInfo;
  /** The shared definition the field refers to, if any (named in the note). */
  shared?: string;
  onChange: (content: FlowVersionContent) => void;
}) {
  const { t } = useTranslation('studio');
  const { content, stepId, field, onChange } = props;
  const [draft, setDraft] = useState({ value: '', en: '', ar: '' });
  const options = optionsOf(content, stepId, field);
  if (!options) return null;
  const textual = options.values.every((v) => typeof v === 'string');
  const editable = options.local && textual;
  const valueError =
    draft.value === ''
      ? undefined
      : !VALUE.test(draft.value)
        ? t('field.optionValueRule')
        : options.values.includes(draft.value)
          ? t('field.optionExists', { value: draft.value })
          : undefined;

  return (
    <Stack gap="xs" data-testid="options-editor">
      <Title order={5}>{t('field.options')}</Title>
      {!options.local && (
        <Text size="sm" c="dimmed">
          {t('field.optionsShared', { name: props.shared ?? '' })}
        </Text>
      )}
      {options.local && !textual && (
        <Text size="sm" c="dimmed">
          {t('field.optionsNotText')}
        </Text>
      )}
      {options.values.map((value, index) => {
        const shown = String(value);
        const key = options.labels[index];
        return (
          <Paper key={shown} withBorder p="xs" data-testid={`option-${shown}`}>
            <Group justify="space-between" wrap="nowrap" mb={key ? 4 : 0}>
              <Code dir="ltr">{shown}</Code>
              {editable && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('field.moveUp', { value: shown })}
                    disabled={index === 0}
                    onClick={() => onChange(moveOption(content, stepId, field, index, -1))}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('field.moveDown', { value: shown })}
                    disabled={index === options.values.length - 1}
                    onClick={() => onChange(moveOption(content, stepId, field, index, 1))}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('field.removeOption', { value: shown })}
                    disabled={options.values.length === 1}
                    onClick={() => onChange(removeOption(content, stepId, field, index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
            {key ? (
              <Grid gap="xs">
                {LANGUAGES.map((language) => {
                  const text = content.texts[language]?.[key] ?? '';
                  return (
                    <Grid.Col key={language} span={{ base: 12, sm: 6 }}>
                      <TextInput
                        size="xs"
                        label={`${t('field.optionLabel')} (${t(`language.${language}`)})`}
                        value={text}
                        dir={language === 'ar' ? 'rtl' : 'ltr'}
                        lang={language}
                        error={text === '' ? t('field.missingText') : undefined}
                        onChange={(e) => onChange(setText(content, language, key, e.currentTarget.value))}
                      />
                    </Grid.Col>
                  );
                })}
              </Grid>
            ) : (
              <Text size="xs" c="dimmed">
                {t('field.optionNoLabel')}
              </Text>
            )}
          </Paper>
        );
      })}
      {editable && (
        <Paper withBorder p="xs" data-testid="new-option">
          <Text size="sm" fw={500} mb={4}>
            {t('field.newOption')}
          </Text>
          <Grid gap="xs" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                size="xs"
                label={t('field.optionValue')}
                value={draft.value}
                dir="ltr"
                error={valueError}
                onChange={(e) => setDraft({ ...draft, value: e.currentTarget.value.trim() })}
              />
            </Grid.Col>
            {LANGUAGES.map((language) => (
              <Grid.Col key={language} span={{ base: 12, sm: 4 }}>
                <TextInput
                  size="xs"
                  label={`${t('field.optionLabel')} (${t(`language.${language}`)})`}
                  value={draft[language]}
                  dir={language === 'ar' ? 'rtl' : 'ltr'}
                  lang={language}
                  onChange={(e) => setDraft({ ...draft, [language]: e.currentTarget.value })}
                />
              </Grid.Col>
            ))}
          </Grid>
          <Button
            mt="xs"
            size="xs"
            variant="light"
            disabled={draft.value === '' || valueError !== undefined}
            onClick={() => {
              onChange(addOption(content, stepId, field, draft.value, { en: draft.en, ar: draft.ar }));
              setDraft({ value: '', en: '', ar: '' });
            }}
          >
            {t('field.addOption')}
          </Button>
        </Paper>
      )}
    </Stack>
  );
}
