/**
 * The remote status message's page for ops (staff area, `/ops/status-message`; docs/dashboard.md): whether every
 * merchant's home shows it, its kind, and its title and message in English and Arabic, with a preview of each.
 * A shown message needs all four texts (the server says which is missing); what was typed stays if saving fails.
 */
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldMessages } from '../../../api/client';
import { StaffHeading } from '../../../components/StaffFrame';
import { StaffArea } from '../../../components/StaffOnly';
import { notify } from '../../../components/notificationStore';
import { missingStatusTexts, STATUS_MESSAGE_MAX, STATUS_TITLE_MAX } from '../../../../domain/statusMessage';
import type {
  StatusMessage,
  StatusMessageAnswer,
  StatusMessageBody,
} from '../../../../contract/remoteConfig';

const PATH = '/merchant/api/v1/remote-config/web_status_message';
const KEY = ['remote-config', 'web_status_message'];

function Editor(props: { current: StatusMessage }) {
  const { t } = useTranslation('ops');
  const { t: tAny } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<StatusMessageBody>({
    is_active: props.current.is_active,
    variant: props.current.variant,
    title: { ...props.current.title },
    message: { ...props.current.message },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: StatusMessageBody) => api<StatusMessageAnswer>('PUT', PATH, body),
    onSuccess: (answer) => {
      client.setQueryData(KEY, answer.web_status_message);
      setErrors({});
      notify({ variant: 'success', title: t('status.saved'), message: '', autoHide: true });
    },
    onError: (error) => {
      const shown = fieldMessages(error, tAny);
      setErrors(shown);
      if (Object.keys(shown).length === 0)
        notify({ variant: 'error', title: t('status.failed'), message: t('status.failedBody') });
    },
  });
  const text = (field: 'title' | 'message', lang: 'en' | 'ar', value: string) => {
    setDraft((d) => ({ ...d, [field]: { ...d[field], [lang]: value } }));
    // A text typed clears its own message; the others stay until they are typed too.
    setErrors(({ [`/${field}/${lang}`]: _typed, ...rest }) => rest);
  };
  const column = (lang: 'en' | 'ar') => (
    <Stack gap="sm">
      <Text fw={600}>{t(`status.lang.${lang}`)}</Text>
      <TextInput
        label={t('status.title')}
        dir={lang === 'ar' ? 'rtl' : 'ltr'}
        lang={lang}
        value={draft.title[lang]}
        onChange={(e) => text('title', lang, e.currentTarget.value)}
        maxLength={STATUS_TITLE_MAX}
        error={errors[`/title/${lang}`]}
        withAsterisk={draft.is_active}
      />
      <Textarea
        label={t('status.message')}
        dir={lang === 'ar' ? 'rtl' : 'ltr'}
        lang={lang}
        value={draft.message[lang]}
        onChange={(e) => text('message', lang, e.currentTarget.value)}
        maxLength={STATUS_MESSAGE_MAX}
        autosize
        minRows={3}
        error={errors[`/message/${lang}`]}
        withAsterisk={draft.is_active}
      />
      <Alert
        color={draft.variant === 'warning' ? 'yellow' : 'blue'}
        title={draft.title[lang] || '—'}
        data-testid={`status-preview-${lang}`}
        dir={lang === 'ar' ? 'rtl' : 'ltr'}
        lang={lang}
      >
        {draft.message[lang] || '—'}
      </Alert>
    </Stack>
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // A shown message without a text is refused here, each empty field named, before anything is sent.
        const missing = missingStatusTexts(draft);
        if (missing.length > 0)
          return setErrors(
            Object.fromEntries(missing.map((path) => [path, tAny('validation:error.required')])),
          );
        save.mutate(draft);
      }}
    >
      <Stack>
        <Switch
          label={t('status.active')}
          description={t('status.activeHint')}
          checked={draft.is_active}
          onChange={(e) => setDraft((d) => ({ ...d, is_active: e.currentTarget.checked }))}
        />
        <SegmentedControl
          w="fit-content"
          value={draft.variant}
          onChange={(variant) =>
            setDraft((d) => ({ ...d, variant: variant as StatusMessageBody['variant'] }))
          }
          data={[
            { value: 'info', label: t('status.variant.info') },
            { value: 'warning', label: t('status.variant.warning') },
          ]}
          aria-label={t('status.variantLabel')}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {column('en')}
          {column('ar')}
        </SimpleGrid>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {props.current.updated_at
              ? t('status.lastChange', {
                  who: props.current.updated_by,
                  at: props.current.updated_at.slice(0, 16).replace('T', ' '),
                })
              : t('status.never')}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {t('status.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function StatusMessagePage() {
  const { t } = useTranslation('ops');
  const current = useQuery({
    queryKey: KEY,
    queryFn: () => api<StatusMessageAnswer>('GET', PATH).then((r) => r.web_status_message),
  });
  return (
    <StaffArea current="status" words={{ t }}>
      <StaffHeading title={t('status.heading')} intro={t('status.intro')} />
      <Card withBorder padding="lg">
        {current.isPending ? (
          <Skeleton h={320} />
        ) : current.isError ? (
          <Alert color="red">{t('status.loadFailed')}</Alert>
        ) : (
          <Editor current={current.data} />
        )}
      </Card>
    </StaffArea>
  );
}
