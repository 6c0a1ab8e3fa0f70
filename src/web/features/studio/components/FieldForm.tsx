/**
 * The friendly form for the common edits of one field: its label and help in both languages, required or not,
 * the message shown when it is left empty (and for its own rules), its limits, and its options. Each edit goes through the
 * working copy (undo, save, lint) like a code edit; rules a field takes from a shared definition are named and
 * left to the code editor.
 */
import { Badge, Checkbox, Grid, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isObject } from '../../../../engine/core/json';
import type { FlowVersionContent } from '../api';
import { LANGUAGES, messageKey, setKeyword, setRequired, setText, type FieldInfo } from '../edits';
import { OptionsEditor } from './OptionsEditor';

const LIMITS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;
const MESSAGE_RULES = ['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'format', 'enum'] as const;

function TextPair(props: {
  content: FlowVersionContent;
  textKey: string;
  label: string;
  onChange: (content: FlowVersionContent) => void;
  testId: string;
}) {
  const { t } = useTranslation('studio');
  return (
    <Grid>
      {LANGUAGES.map((language) => {
        const value = props.content.texts[language]?.[props.textKey] ?? '';
        return (
          <Grid.Col key={language} span={{ base: 12, sm: 6 }}>
            <TextInput
              label={`${props.label} (${t(`language.${language}`)})`}
              value={value}
              dir={language === 'ar' ? 'rtl' : 'ltr'}
              lang={language}
              data-testid={`${props.testId}-${language}`}
              error={value === '' ? t('field.missingText') : undefined}
              onChange={(e) =>
                props.onChange(setText(props.content, language, props.textKey, e.currentTarget.value))
              }
            />
          </Grid.Col>
        );
      })}
    </Grid>
  );
}

export function FieldForm(props: {
  content: FlowVersionContent;
  stepId: string;
  field: FieldInfo;
  onChange: (content: FlowVersionContent) => void;
}) {
  const { t } = useTranslation('studio');
  const { content, stepId, field, onChange } = props;
  const node = field.node;
  const messages = isObject(node['x-messages']) ? (node['x-messages'] as Record<string, string>) : {};
  const titleKey = typeof node.title === 'string' ? node.title : null;
  const helpKey = typeof node.description === 'string' ? node.description : null;
  const shared = typeof node.$ref === 'string' ? node.$ref.split('#/$defs/')[1] : undefined;
  // A shared field's kind comes from its definition: a limit set here needs it next to the limit (strict types).
  const sharedDef = shared
    ? Object.values(content.shared)
        .map((file) => (isObject(file.$defs) ? file.$defs[shared] : undefined))
        .find(isObject)
    : undefined;
  const kind = node.type ?? sharedDef?.type;
  const limitsFor = (limit: string) =>
    limit.includes('Length') ? 'string' : limit.includes('Items') ? 'array' : 'number';
  const setLimit = (limit: string, value: number | undefined) => {
    let next = setKeyword(content, stepId, field.schemaPointer, limit, value);
    if (value !== undefined && node.type === undefined && typeof kind === 'string')
      next = setKeyword(next, stepId, field.schemaPointer, 'type', kind);
    onChange(next);
  };

  /** Sets a field's message for a rule: a new key in the flow's namespace the first time, then its texts. */
  const messageFor = (rule: string) => {
    const key = messages[rule] ?? messageKey(content, stepId, field.name, rule);
    const withKey = messages[rule]
      ? content
      : setKeyword(content, stepId, field.schemaPointer, 'x-messages', { ...messages, [rule]: key });
    return { key, withKey };
  };
  const rules = ['required', ...MESSAGE_RULES.filter((r) => r in node)];
  // A text of the field's in both languages (its label, its help, a rule's message).
  const pair = (textKey: string, label: string, testId: string) => (
    <TextPair content={content} textKey={textKey} label={label} onChange={onChange} testId={testId} />
  );

  return (
    <Stack gap="md" data-testid="field-form">
      <Title order={4}>
        {field.name}{' '}
        <Text span c="dimmed" size="sm" ff="monospace">
          {field.dataPointer}
        </Text>
      </Title>
      {shared && (
        <Text size="sm" c="dimmed">
          {t('field.shared', { name: shared })}
        </Text>
      )}
      {titleKey ? pair(titleKey, t('field.label'), 'label') : <Text size="sm">{t('field.noLabel')}</Text>}
      {helpKey && pair(helpKey, t('field.help'), 'help')}
      <Checkbox
        label={t('field.required')}
        checked={field.required}
        onChange={(e) => onChange(setRequired(content, stepId, field.schemaPointer, e.currentTarget.checked))}
      />
      <Title order={5}>{t('field.messages')}</Title>
      {rules.map((rule) => {
        const key = messages[rule];
        return (
          <Stack key={rule} gap={4}>
            <Group rule={rule} has={!!key} />
            {key ? (
              pair(key, t(`field.rule.${rule}`, { defaultValue: rule }), `message-${rule}`)
            ) : (
              <Text
                size="sm"
                c="blue"
                style={{ cursor: 'pointer' }}
                role="button"
                tabIndex={0}
                data-testid={`add-message-${rule}`}
                onClick={() => {
                  const { key: newKey, withKey } = messageFor(rule);
                  onChange(setText(withKey, 'en', newKey, t(`field.rule.${rule}`, { defaultValue: rule })));
                }}
              >
                {t('field.addMessage', { rule: t(`field.rule.${rule}`, { defaultValue: rule }) })}
              </Text>
            )}
          </Stack>
        );
      })}
      <Title order={5}>{t('field.limits')}</Title>
      <Grid>
        {LIMITS.filter((limit) => limit in node || kind === limitsFor(limit)).map((limit) => (
          <Grid.Col key={limit} span={{ base: 6, sm: 4 }}>
            <NumberInput
              label={t(`field.limit.${limit}`)}
              data-testid={`limit-${limit}`}
              value={typeof node[limit] === 'number' ? (node[limit] as number) : ''}
              min={0}
              onChange={(value) => setLimit(limit, value === '' ? undefined : Number(value))}
            />
          </Grid.Col>
        ))}
      </Grid>
      <OptionsEditor content={content} stepId={stepId} field={field} shared={shared} onChange={onChange} />
      {'pattern' in node && (
        <TextInput
          label={t('field.pattern')}
          value={String(node.pattern)}
          ff="monospace"
          dir="ltr"
          onChange={(e) =>
            onChange(setKeyword(content, stepId, field.schemaPointer, 'pattern', e.currentTarget.value))
          }
        />
      )}
    </Stack>
  );
}

function Group(props: { rule: string; has: boolean }) {
  const { t } = useTranslation('studio');
  return (
    <Text size="sm" fw={500}>
      {t(`field.rule.${props.rule}`, { defaultValue: props.rule })}{' '}
      {!props.has && (
        <Badge size="xs" variant="light" color="gray">
          {t('field.defaultMessage')}
        </Badge>
      )}
    </Text>
  );
}
