/**
 * Components whose code loads when they are first drawn, or earlier when asked (`preloadDeferred`, which the
 * wizard calls once its first step shows). The wizard's first step needs text, a phone, a select and radios;
 * uploads, IBAN boxes, code boxes, date pickers, multi-selects, checkboxes and the wizard's dialogs wait for a
 * step that has them, so a new merchant's first step loads less (issue 12's budget for the wizard route).
 *
 * Not React.lazy: a lazy component keeps a failed load for good, where this one fetches again on the next render
 * (the runner's "Try again" draws the step again), like the step modules do.
 */
import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { WidgetSkeleton } from './WidgetSkeleton';

interface Loadable {
  preload(): Promise<unknown>;
  /** Whether its code is here (drawn at once, without its fallback). */
  loaded(): boolean;
}

const everyDeferred: Loadable[] = [];

export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
): ComponentType<P> & Loadable {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // the next render or preload tries again
        throw error;
      },
    ));
  function Loaded(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  // Always the same tree (a boundary around the component), so a widget is never remounted once its code is here.
  function Deferred(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  const component = Object.assign(Deferred, { preload, loaded: () => loaded !== null });
  everyDeferred.push(component);
  return component;
}

/** A form widget whose code loads later: its label's and box's skeleton meanwhile. */
export function deferredWidget(load: () => Promise<ComponentType<WidgetProps>>) {
  return deferred<WidgetProps>(load, <WidgetSkeleton />);
}

/** Whether a component (a registry's widget) is a deferred one whose code is not here yet. */
export function isWaiting(component: unknown): component is Loadable {
  return everyDeferred.includes(component as Loadable) && !(component as Loadable).loaded();
}

/** Loads every deferred component's code (failures are met, and said, when one is drawn). */
export function preloadDeferred(): void {
  for (const component of everyDeferred) component.preload().catch(() => undefined);
}

/** Every deferred component's code, loaded (tests that draw widgets at once). */
export async function loadDeferred(): Promise<void> {
  await Promise.all(everyDeferred.map((component) => component.preload()));
}
