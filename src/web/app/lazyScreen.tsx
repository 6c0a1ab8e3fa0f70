import { lazy, type ComponentType, type ReactElement } from 'react';

/**
 * A route's screen as its own chunk, loaded on first use (React.lazy). Made once, at module scope, with the
 * route table: a lazy component made during render would load again and remount on every render.
 */
export function lazyScreen(load: () => Promise<ComponentType>): ReactElement {
  const Screen = lazy(async () => ({ default: await load() }));
  return <Screen />;
}
