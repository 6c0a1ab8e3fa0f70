/**
 * What the step forms' widgets and list templates get through rjsf's form context, made once per run: the
 * widget services, the watch on other answers, uploads under way (Next waits for them), and the list templates'
 * tools (listLayouts.tsx) — an item open for editing holds the step (Next asks it first, and it says why:
 * capital's shareholders, "save this shareholder before continuing"), and the step's rules on the data as typed
 * so far, under a pointer (may this item be closed?).
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { FieldMessage } from '../../core/messages';
import { isWithin } from '../../core/pointer';
import type { FormData } from '../../core/types';
import type { DataWatch, PendingWork, WidgetServices } from '../../widgets/services';

export function useFormTools(options: {
  services: WidgetServices | undefined;
  watch: DataWatch;
  dataRef: RefObject<FormData>;
  /** The step on screen's messages for some data. */
  stepMessages: (data: FormData) => FieldMessage[];
}) {
  const { services, watch, dataRef, stepMessages } = options;
  const pendingWork = useRef(new Set<Promise<unknown>>());
  const pending = useMemo<PendingWork>(
    () => ({
      add: (work) => {
        pendingWork.current.add(work);
        const done = () => pendingWork.current.delete(work);
        work.then(done, done);
      },
    }),
    [],
  );
  const holds = useRef(new Set<() => boolean>());
  // The step on screen's rules as of the last render (the list tools are made once, so they read a ref).
  const validateStep = useRef(stepMessages);
  useEffect(() => {
    validateStep.current = stepMessages;
  });
  const [listTools] = useState(() => ({
    hold: (check: () => boolean) => {
      holds.current.add(check);
      return () => void holds.current.delete(check);
    },
    problemsAt: (pointer: string) =>
      validateStep.current(dataRef.current).filter((m) => isWithin(m.pointer, pointer)),
  }));
  const formContext = useMemo(
    () => ({ services, watch, pending, ...listTools }),
    [services, watch, pending, listTools],
  );
  return {
    formContext,
    /** Waits for the uploads under way; whether there were any. */
    uploadsUnderWay: () => pendingWork.current.size > 0,
    settleUploads: () => Promise.allSettled([...pendingWork.current]),
    /** Whether a list template holds the step (an item still open). */
    held: () => [...holds.current].some((check) => check()),
  };
}
