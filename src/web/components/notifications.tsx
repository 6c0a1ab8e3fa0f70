/** The notification stack (see notificationStore.ts), top end of the screen (top left in Arabic). */
import { useEffect } from 'react';
import { Notification, Portal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AUTO_HIDE_MS,
  useNotifications,
  type AppNotification,
  type NotificationVariant,
} from './notificationStore';

const COLORS: Record<NotificationVariant, string> = {
  error: 'red',
  info: 'blue',
  success: 'teal',
  warning: 'yellow',
  iris: 'grape',
};

function Item(props: { item: AppNotification }) {
  const { t } = useTranslation();
  const close = useNotifications((s) => s.close);
  const { item } = props;
  useEffect(() => {
    if (!item.autoHide) return;
    const timer = setTimeout(() => close(item.id), AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [item, close]);
  return (
    <Notification
      color={COLORS[item.variant]}
      title={item.title}
      onClose={() => close(item.id)}
      closeButtonProps={{ 'aria-label': t('notifications.close') }}
      withBorder
      role={item.variant === 'error' ? 'alert' : 'status'}
      data-variant={item.variant}
    >
      {item.message}
    </Notification>
  );
}

export function NotificationStack() {
  const items = useNotifications((s) => s.items);
  if (items.length === 0) return null;
  return (
    <Portal>
      <Stack
        gap="xs"
        pos="fixed"
        top={16}
        style={{ insetInlineEnd: 16, zIndex: 1000, width: 'min(380px, calc(100vw - 32px))' }}
      >
        {items.map((item) => (
          <Item key={item.id} item={item} />
        ))}
      </Stack>
    </Portal>
  );
}
