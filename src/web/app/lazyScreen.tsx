import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** What a lazy route keeps in its `handle`: a way to start loading its chunk before it renders. */
export interface LazyHandle {
  preload: () => Promise<unknown>;
}

/**
 * A route's screen as its own chunk, loaded on first use (React.lazy), for a route object:
 * `{ path, ...lazyScreen(() => import(…)) }`. Made once, at module scope, with the route table (a lazy
 * component made during render would load again and remount on every render). `handle.preload` lets the
 * router start every matched route's chunk at once (AppRoutes), where nested lazy screens would otherwise
 * load one after the other.
 */
export function lazyScreen(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= load().then((Screen) => ({ default: Screen })));
  const Screen = lazy(preload);
  return { element: <Screen />, handle: { preload } satisfies LazyHandle };
}
