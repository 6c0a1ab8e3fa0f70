/**
 * Where notifications appear. Part of the app's first load on purpose: the "you are offline" notice must show
 * when no more code can be fetched.
 */
import { NotificationStack } from './notifications';
import { useNotifications } from './notificationStore';

export function NotificationArea() {
  const any = useNotifications((s) => s.items.length > 0);
  return any ? <NotificationStack /> : null;
}
