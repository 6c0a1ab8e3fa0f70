/**
 * The step-up code (docs/dashboard.md "API keys", docs/wallet.md): a fresh code to the member's own second factor,
 * asked for before a secret is shown or money moves (an API secret key, a card's details, a transfer to the bank).
 */
import type { StepUpAnswer, StepUpPurpose } from '../../contract/merchants';
import { api } from './client';

export type { StepUpAnswer, StepUpPurpose };

/**
 * A code for one purpose: the server takes it back only for that purpose (a transfer's code reveals no card). Not
 * `resend`: a code still valid from a moment ago is kept (the answer's `sent: false` says when it went).
 */
export const sendStepUpCode = (purpose: StepUpPurpose, resend = false) =>
  api<StepUpAnswer>('POST', '/merchant/api/v1/auth/step-up', resend ? { purpose, resend } : { purpose });
