/**
 * The remote status message (shell spec §8, onboarding spec §7: `web_status_message` with a localized title and
 * message and an `is_active` flag; docs/dashboard.md): what ops put on every merchant's home, and how they change
 * it. An ops-edited value kept by the server, not a constant of the code.
 */
import { STATUS_MESSAGE_MAX, STATUS_TITLE_MAX } from '../domain/statusMessage';
import { Instant, Nullable, Type, type Static } from './common';

const Localized = (maxLength: number) =>
  Type.Object(
    { en: Type.String({ maxLength }), ar: Type.String({ maxLength }) },
    { additionalProperties: false },
  );

/** What ops send: shown or not, and the words in both languages (required in both while shown). */
export const StatusMessageBody = Type.Object(
  {
    is_active: Type.Boolean(),
    /** info (news, a holiday) or warning (an outage, a delay). */
    variant: Type.Union([Type.Literal('info'), Type.Literal('warning')]),
    title: Localized(STATUS_TITLE_MAX),
    message: Localized(STATUS_MESSAGE_MAX),
  },
  { additionalProperties: false },
);
export type StatusMessageBody = Static<typeof StatusMessageBody>;

export const StatusMessage = Type.Object({
  ...StatusMessageBody.properties,
  updated_at: Nullable(Instant),
  updated_by: Nullable(Type.String()),
});
export type StatusMessage = Static<typeof StatusMessage>;

export const StatusMessageAnswer = Type.Object({ web_status_message: StatusMessage });
export type StatusMessageAnswer = Static<typeof StatusMessageAnswer>;
