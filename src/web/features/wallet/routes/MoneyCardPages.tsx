/**
 * The card application's pages in the money area (shell spec §2.6 `money/card-application/*`; docs/wallet.md):
 * landing, payout changes, payout options. The frame (webview only) is app/WebviewLayout. One file per screen;
 * this index is their lazy chunk.
 */
export { MoneyCardLanding } from './MoneyCardLanding';
export { MoneyPayoutChanges } from './MoneyPayoutChanges';
export { MoneyPayoutOptions } from './MoneyPayoutOptions';
