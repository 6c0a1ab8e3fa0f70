/**
 * Notifications (shell spec §2.8): variants error, info, success, warning and iris, each with a title and a
 * message; one with `autoHide` goes after 5 seconds, the others stay until closed. UI state in zustand; the
 * view (notifications.tsx) loads with the first notification.
 */
import { create } from 'zustand';

export type NotificationVariant = 'error' | 'info' | 'success' | 'warning' | 'iris';
export interface AppNotification {
  id: string;
  variant: NotificationVariant;
  title: string;
  message: string;
  autoHide: boolean;
}

export const AUTO_HIDE_MS = 5000;

interface NotificationState {
  items: AppNotification[];
  notify: (n: Omit<AppNotification, 'id' | 'autoHide'> & { id?: string; autoHide?: boolean }) => void;
  close: (id: string) => void;
  clear: () => void;
}

let counter = 0;
export const useNotifications = create<NotificationState>((set) => ({
  items: [],
  notify: (n) =>
    set((state) => {
      const id = n.id ?? `n${(counter += 1)}`;
      // The same id replaces the earlier one (e.g. "offline" then "back online").
      const item: AppNotification = { autoHide: true, ...n, id };
      return { items: [...state.items.filter((i) => i.id !== id), item].slice(-4) };
    }),
  close: (id) => set((state) => ({ items: state.items.filter((i) => i.id !== id) })),
  clear: () => set({ items: [] }),
}));

export const notify = (n: Parameters<NotificationState['notify']>[0]) =>
  useNotifications.getState().notify(n);
