/**
 * The step-up code (docs/dashboard.md "API keys", docs/wallet.md): a fresh code to the member's own second factor,
 * asked for before a secret is shown or money moves (an API secret key, a card's details, a transfer to the bank).
 */
import type { StepUpAnswer } from '../../contract/merchants';
import { api } from './client';

export type { StepUpAnswer };

export const sendStepUpCode = () => api<StepUpAnswer>('POST', '/merchant/api/v1/auth/step-up', {});
