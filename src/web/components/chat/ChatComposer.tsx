/**
 * The live chat's box to write in (the panel's and the console's).
 */
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Textarea } from '@mantine/core';
import { CHAT_MESSAGE_MAX } from '../../../domain/chat';

/** The box to write in: Enter sends, Shift+Enter is a new line; what is typed stays until it is sent. */
export function ChatComposer(props: { onSend: (body: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const left = CHAT_MESSAGE_MAX - trimmed.length;
  const tooLong = left < 0;
  const send = () => {
    if (!trimmed || tooLong || props.disabled) return;
    props.onSend(trimmed);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Textarea
        style={{ flex: 1 }}
        aria-label={t('composer.label')}
        placeholder={t('composer.placeholder')}
        description={left < 200 ? t('composer.left', { count: Math.max(left, 0) }) : undefined}
        error={tooLong ? t('error.body') : undefined}
        autosize
        minRows={1}
        maxRows={5}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        title={t('composer.hint')}
        disabled={props.disabled}
        dir="auto"
      />
      <Button onClick={send} disabled={!trimmed || tooLong || props.disabled}>
        {t('composer.send')}
      </Button>
    </Group>
  );
}
