/**
 * What `/dev/events/fired` answers (issue 60, point 1): each named event fired since the database began, once per
 * distinct set of property keys it carried. The events page (/dev/events) and the catalogue's end-to-end proof
 * (e2e/events-coverage.spec.ts) read it beside the catalogue (src/domain/analyticsEvents.ts).
 */
import { Type, type Static } from './common';

export const FiredEvent = Type.Object(
  {
    event: Type.String({ description: 'the event’s name' }),
    properties: Type.Array(Type.String(), { description: 'the property keys it carried, sorted' }),
  },
  { additionalProperties: false },
);
export type FiredEvent = Static<typeof FiredEvent>;

export const FiredEvents = Type.Array(FiredEvent);
export type FiredEvents = Static<typeof FiredEvents>;
