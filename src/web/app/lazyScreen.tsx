import i18next from 'i18next';
import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS, withinTime } from '../../engine/core/withinTime';

/** What a lazy route keeps in its `handle`: a way to start loading its chunk before it renders. */
export interface LazyHandle {
  preload: () => Promise<unknown>;
  /** The chunk alone, before the translations can load (main.tsx starts it with the page, see startRoute). */
  loadCode: () => Promise<unknown>;
  /** The translation files the screen asks for. */
  namespaces: readonly string[];
}

/**
 * A route's screen as its own chunk, loaded on first use (React.lazy), for a route object:
 * `{ path, ...lazyScreen(() => import(…)) }`. Made once, at module scope, with the route table (a lazy
 * component made during render would load again and remount on every render). `handle.preload` lets the
 * router start every matched route's chunk at once (AppRoutes), where nested lazy screens would otherwise
 * load one after the other.
 *
 * `namespaces` are the translation files the screen's components ask for: they load together with the chunk.
 * Without them each component that names a namespace suspends in turn — the page's, then the filters', then a
 * form's — and on a busy machine that chain (every link a render and a request) took most of 15 s before the
 * screen could even ask for its data. Leaving one out costs only that wait, never a wrong text.
 *
 * A chunk not here within the spec's 120 s fails (engine/core/withinTime.ts): the render-error page then offers
 * a refresh instead of a spinner that never ends.
 */
export function lazyScreen(
  load: () => Promise<ComponentType>,
  namespaces: readonly string[] = [],
): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let code: Promise<ComponentType> | undefined;
  const loadCode = () => (code ??= withinTime(load(), CHUNK_LOAD_TIMEOUT_MS, 'a screen'));
  const preload = () =>
    (loading ??= Promise.all([
      loadCode(),
      // A failed namespace is the page's own to report (its useTranslation loads it again); the chunk still counts.
      namespaces.length > 0 ? i18next.loadNamespaces([...namespaces]).catch(() => undefined) : undefined,
    ]).then(([Screen]) => ({ default: Screen })));
  const Screen = lazy(preload);
  return { element: <Screen />, handle: { preload, loadCode, namespaces } satisfies LazyHandle };
}
