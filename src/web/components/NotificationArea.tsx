/** Where notifications appear; their view loads with the first one, so pages without any do not carry it. */
import { lazy, Suspense } from 'react';
import { useNotifications } from './notificationStore';

const NotificationStack = lazy(() =>
  import('./notifications').then((m) => ({ default: m.NotificationStack })),
);

export function NotificationArea() {
  const any = useNotifications((s) => s.items.length > 0);
  if (!any) return null;
  return (
    <Suspense fallback={null}>
      <NotificationStack />
    </Suspense>
  );
}
