/**
 * Where an answer of the application stands, in the form's own words: the step it is asked on and the field's
 * label (an owner's field also names the owner), read from the version of the form the application was filled
 * with. The console names every reason's answer, every changed answer and every document by it.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getAt, parsePointer } from '../../../../engine/core/pointer';
import { fieldTitleAt, filePointers } from '../../../../engine/core/schemaWalk';
import { resolveSteps } from '../../../../engine/core/steps';
import {
  translateFlowText,
  type FlowLoader,
  type LoadedFlow,
} from '../../../../engine/react/browserFlowSource';

export interface AnswerPlace {
  pointer: string;
  /** The step's id and title, or null when no step on the path draws it. */
  step: { id: string; title: string } | null;
  /** The field's label. */
  field: string;
  /** The owner it belongs to (an owner's field), by name or number. */
  owner: string | null;
}

export function useAnswerPlaces(loader: FlowLoader, flow: LoadedFlow, answers: Record<string, unknown>) {
  const { t } = useTranslation(['review']);
  return useMemo(() => {
    const text = (key: string) => translateFlowText(t, loader.textNamespace, key);
    const steps = resolveSteps(flow.flow, answers).filter((id) => flow.steps[id]);
    const place = (pointer: string): AnswerPlace => {
      const parts = parsePointer(pointer);
      const ownerAt = parts.indexOf('company_owners');
      const owner =
        ownerAt >= 0 && parts[ownerAt + 1] !== undefined
          ? String(
              getAt(answers, `/${parts.slice(0, ownerAt + 2).join('/')}/name`) ??
                t('console.ownerNumber', { n: Number(parts[ownerAt + 1]) + 1 }),
            )
          : null;
      for (const id of steps) {
        const found = fieldTitleAt(flow.steps[id]!, answers, pointer);
        if (!found) continue;
        const definition = flow.flow.steps.find((s) => s.id === id);
        return {
          pointer,
          step: { id, title: text(definition?.title ?? id) },
          field: found.title ? text(found.title) : parts.at(-1)!,
          owner,
        };
      }
      return { pointer, step: null, field: parts.at(-1) ?? pointer, owner };
    };
    // Every uploaded document on the path, in the order of the steps.
    const documents = steps.flatMap((id) => {
      const step = flow.steps[id]!;
      return filePointers(step.schema, answers, step.resolve);
    });
    return { place, steps, documents: [...new Set(documents)].map(place) };
  }, [t, loader.textNamespace, flow, answers]);
}

/** An answer's place in one line: "Owner 1 · ID document (back) — Authorised signatories". */
export function placeText(place: AnswerPlace): string {
  const field = place.owner ? `${place.owner} · ${place.field}` : place.field;
  return place.step ? `${field} — ${place.step.title}` : field;
}
