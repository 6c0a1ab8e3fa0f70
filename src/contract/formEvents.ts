/**
 * What the wizard reports of a form (issue 61; domain/formEvents.ts): the steps it showed and the fields'
 * messages it showed, by step, field pointer and message key — never an answer.
 */
import { Type, OneOf, type Static } from './common';
import { BROWSER_KINDS, REPORT_LIMIT } from '../domain/formEvents';

export const ReportedFormEvent = Type.Object(
  {
    kind: OneOf(BROWSER_KINDS),
    step: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' }),
    field: Type.Optional(
      Type.String({ maxLength: 300, description: 'message_shown: the field’s JSON pointer' }),
    ),
    rule: Type.Optional(Type.String({ maxLength: 160, description: 'message_shown: the message’s key' })),
  },
  { additionalProperties: false },
);
export type ReportedFormEvent = Static<typeof ReportedFormEvent>;

export const FormEventReport = Type.Object(
  {
    draft: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'the draft’s id; none: the account’s draft of the flow under way (onboarding)',
      }),
    ),
    events: Type.Array(ReportedFormEvent, { minItems: 1, maxItems: REPORT_LIMIT }),
  },
  { additionalProperties: false },
);
export type FormEventReport = Static<typeof FormEventReport>;
