/**
 * Something that happens in the page which others wait for, without knowing each other: a call answered 401, the
 * local state cleared, a session started. The one who knows it happened fires it; whoever must act listens.
 */
export interface Signal {
  /** Calls `listener` each time the signal fires, until the returned function is called. */
  listen(listener: () => void): () => void;
  fire(): void;
}

export function signal(): Signal {
  const listeners = new Set<() => void>();
  return {
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    fire() {
      listeners.forEach((listener) => listener());
    },
  };
}
