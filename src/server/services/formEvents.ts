/**
 * Form events (issue 61; domain/formEvents.ts): the drafts service writes what it sees as it answers a call, and
 * the wizard reports what only the page sees (`report`, checked here against the draft's own flow version).
 *
 * Events the server writes ride on a save or a submit that has already been stored: a failure to record them is
 * logged and the call still answers as it stood (the merchant's answers matter more than our count of them). They
 * are written behind the call (FORM_EVENTS_FLUSH_MS, 250 ms): the save answers without waiting for their insert
 * (bench:insights: the insert was 0.9 ms p50, 2.4 ms p95 of a save on the embedded database), and one statement
 * writes what every call of that quarter second saw. The price, said in docs/form-insights.md: a crash loses at
 * most that quarter second of counts — never an answer. With 0 (the tests), each call writes its own before it
 * answers. A report from the page is a write of its own: it is stored or refused.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { LEFT_BATCH, type FormEventRepository } from '../repositories/formEvents';
import type { RateLimitRepository } from '../repositories/rateLimits';
import {
  LEFT_DAYS_DEFAULT,
  REPORT_RATE,
  FIELD_POINTER,
  RULE_KEY,
  fieldOf,
  type BrowserKind,
  type CallerMeta,
  type FormEventInput,
} from '../../domain/formEvents';
import { privateProperty } from '../../domain/eventPrivacy';
import { isWithin } from '../../engine/core/pointer';
import type { FlowDefinition } from '../../engine/core/types';
import { HttpError } from '../errors';

/** What the drafts service hands over: the events of one call, the caller's language and device added here. */
export interface FormEventSink {
  record(
    events: readonly Omit<FormEventInput, 'lang' | 'device'>[],
    meta: CallerMeta | undefined,
  ): Promise<void>;
}

/** One event the page reports. */
export interface ReportedEvent {
  kind: BrowserKind;
  step: string;
  field?: string;
  rule?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Events written by one statement at most; more waiting are written at once. */
const FLUSH_BATCH = 500;

export function createFormEventsService(deps: {
  repository: FormEventRepository;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Events older than this many days are removed by `sweep`. */
  retentionDays: number;
  /** A draft untouched this many days is said to be left by `sweep` (FORM_LEFT_DAYS). */
  leftDays?: number;
  /** How long the server's own events wait to be written together (FORM_EVENTS_FLUSH_MS); 0: written at once. */
  flushMs?: number;
  /** The shared token buckets that cap each account's reports (REPORT_RATE); none: not capped. */
  limits?: Pick<RateLimitRepository, 'take'>;
}) {
  const { repository, clock, log } = deps;
  const flushMs = deps.flushMs ?? 0;
  /** Events waiting for the next write, and the timer that will write them. */
  let waiting: ReturnType<typeof stamp> = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(events: ReturnType<typeof stamp>) {
    try {
      await repository.insert(events);
    } catch (error) {
      log.warn({ err: error, events: events.length }, 'form events not recorded');
    }
  }

  /** Writes what waits now (the timer's turn, a full batch, or the server closing). */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length > 0) writing = writing.then(() => write(batch));
    return writing;
  }
  const stamp = (
    events: readonly Omit<FormEventInput, 'lang' | 'device'>[],
    meta: CallerMeta | undefined,
  ) => {
    const at = clock.now();
    return events.map((e) => ({ ...e, lang: meta?.lang ?? null, device: meta?.device ?? null, at }));
  };

  const sink: FormEventSink = {
    async record(events, meta) {
      if (flushMs === 0) return write(stamp(events, meta));
      waiting.push(...stamp(events, meta));
      if (waiting.length >= FLUSH_BATCH) void flush();
      else {
        timer ??= setTimeout(() => void flush(), flushMs);
        timer.unref?.();
      }
    },
  };

  return {
    sink,
    /** Writes the events waiting now (the server closing; a test reading them). */
    flush,

    /**
     * Stores what the page saw on a draft: each event's step must be one of the draft's flow version, a message's
     * field one that step owns and its rule a message key. A report that names anything else is refused whole
     * (400 naming the event and what is wrong), so no count is made of a step or field the form never had.
     */
    async report(input: {
      /** Who reports (their reports are capped: REPORT_RATE). */
      accountId: string;
      flow: string;
      version: string;
      draft: string;
      definition: FlowDefinition;
      events: readonly ReportedEvent[];
      meta: CallerMeta;
    }) {
      const taken = await deps.limits?.take(`form-report:${input.accountId}`, REPORT_RATE, clock.now());
      if (taken && !taken.ok)
        throw new HttpError(429, 'too many reports', undefined, {
          retry_after: Math.ceil(taken.retryAfterMs / 1000),
        });
      const rows = input.events.map((event, index) => {
        const wrong = (what: string) => new HttpError(400, `events/${index}: ${what}`);
        const step = input.definition.steps.find((s) => s.id === event.step);
        if (!step) throw wrong(`the form has no step "${event.step}"`);
        if (event.kind === 'step_shown') {
          if (event.field !== undefined || event.rule !== undefined)
            throw wrong('a step shown names no field or rule');
          return { kind: event.kind, step: step.id, field: null, rule: null };
        }
        const { field, rule } = event;
        if (field === undefined || !FIELD_POINTER.test(field) || !step.owns.some((o) => isWithin(field, o)))
          throw wrong(`a message shown names a field of step "${step.id}" (a JSON pointer it owns)`);
        // Each part of the key read as the event catalogue reads a value: no IBAN or identity number rides in one.
        if (
          rule === undefined ||
          !RULE_KEY.test(rule) ||
          rule.split(/[:.]/).some((part) => privateProperty(part))
        )
          throw wrong('a message shown names its rule by its message key (namespace:key)');
        return { kind: event.kind, step: step.id, field: fieldOf(field), rule };
      });
      await repository.insert(
        stamp(
          rows.map((row) => ({ ...row, flow: input.flow, version: input.version, draft: input.draft })),
          input.meta,
        ),
      );
    },

    /**
     * Removes the events past the retention, and writes a `left` event for each draft untouched for the left days
     * (once per draft, at the step it was last seen on, in batches so one sweep never holds the database long).
     * Answers how many went and how many were said to be left.
     */
    async sweep() {
      const now = clock.now();
      // A database whose events predate the rollups gets them made once (the first sweep after the upgrade).
      if (await repository.rollupsMissing()) await repository.rebuild();
      const removed = await repository.removeBefore(new Date(now.getTime() - deps.retentionDays * DAY_MS));
      const before = new Date(now.getTime() - (deps.leftDays ?? LEFT_DAYS_DEFAULT) * DAY_MS);
      const insertLeft = () => repository.insertLeft(before, now, (events) => repository.insert(events));
      let left = 0;
      for (let batch = await insertLeft(); batch > 0;) {
        left += batch;
        batch = batch < LEFT_BATCH ? 0 : await insertLeft();
      }
      return { removed, left };
    },
  };
}

export type FormEventsService = ReturnType<typeof createFormEventsService>;
