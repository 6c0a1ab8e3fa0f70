/**
 * `use-sync-external-store/shim` for the browser build: React 19 has `useSyncExternalStore` itself, so the shim
 * react-i18next imports (for React 16 and 17) is only weight on every page, the sign-in page's too.
 */
export { useSyncExternalStore } from 'react';
