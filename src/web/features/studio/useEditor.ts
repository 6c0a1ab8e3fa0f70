/**
 * The working copy being edited: its content, undo and redo across every edit (forms, code, texts), and a save
 * to the server shortly after the last change — which answers the catalogue checks' problems and the change's
 * classification, shown as lint. Reloading the page picks the saved copy up again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  discardWorkingCopy,
  saveWorkingCopy,
  studioKeys,
  type FlowVersionContent,
  type Review,
  type WorkingCopy,
} from './api';

/** Quiet time after the last keystroke before the copy is saved and checked. */
const SAVE_AFTER_MS = 600;
/** Steps of undo kept (each a whole content: some 80 KB for onboarding). */
const HISTORY = 100;

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed';

export function useEditor(flow: string, copy: WorkingCopy) {
  const client = useQueryClient();
  const [content, setContent] = useState<FlowVersionContent>(copy.content);
  const [past, setPast] = useState<FlowVersionContent[]>([]);
  const [future, setFuture] = useState<FlowVersionContent[]>([]);
  const [review, setReview] = useState<Review | null>(null);
  const [state, setState] = useState<SaveState>('saved');
  const [edited, setEdited] = useState(copy.saved);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(content);
  const base = copy.base_version;

  const save = useCallback(async () => {
    const sent = latest.current;
    setState('saving');
    try {
      const answer = await saveWorkingCopy(flow, base, sent);
      setReview(answer);
      if (latest.current === sent) setState('saved');
      client.setQueryData(studioKeys.workingCopy(flow), { ...copy, content: sent, saved: true });
      void client.invalidateQueries({ queryKey: studioKeys.flows });
    } catch {
      setState('failed');
    }
  }, [flow, base, client, copy]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    setState('unsaved');
    timer.current = setTimeout(() => void save(), SAVE_AFTER_MS);
  }, [save]);

  // The first look: the checks' view of the copy as it was left.
  useEffect(() => {
    // Right after the first paint (a save sets state, which an effect must not do as it runs).
    if (copy.saved) timer.current = setTimeout(() => void save(), 0);
    return () => clearTimeout(timer.current);
    // Once per copy opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = useCallback(
    (next: FlowVersionContent) => {
      setPast((p) => [...p.slice(-(HISTORY - 1)), latest.current]);
      setFuture([]);
      latest.current = next;
      setContent(next);
      setEdited(true);
      schedule();
    },
    [schedule],
  );

  const undo = useCallback(() => {
    setPast((p) => {
      const previous = p.at(-1);
      if (!previous) return p;
      setFuture((f) => [latest.current, ...f]);
      latest.current = previous;
      setContent(previous);
      schedule();
      return p.slice(0, -1);
    });
  }, [schedule]);

  const redo = useCallback(() => {
    setFuture((f) => {
      const next = f[0];
      if (!next) return f;
      setPast((p) => [...p, latest.current]);
      latest.current = next;
      setContent(next);
      schedule();
      return f.slice(1);
    });
  }, [schedule]);

  const discard = useCallback(async () => {
    clearTimeout(timer.current);
    await discardWorkingCopy(flow);
    await client.invalidateQueries({ queryKey: ['studio'] });
  }, [flow, client]);

  /** Saves now (before a publish or a preview reads the copy). */
  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (state !== 'saved' || !review) await save();
  }, [save, state, review]);

  return {
    content,
    change,
    undo,
    redo,
    canUndo: past.length > 0,
    canRedo: future.length > 0,
    review,
    state,
    edited,
    discard,
    flush,
  };
}

export type Editor = ReturnType<typeof useEditor>;
