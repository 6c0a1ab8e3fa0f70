/**
 * The money area inside the mobile app's webview (shell spec §2.6 `money/*`; docs/payouts.md "In the mobile app"):
 * the landing, the transactions history and a transaction's detail — here a payout, the money the app's merchant
 * receives — and the card application's pages, which come with the card. The frame (webview only) is
 * app/MoneyLayout. One file per screen; this index is the area's lazy chunk.
 */
export { MoneyLanding } from './MoneyLanding';
export { MoneyTransactions } from './MoneyTransactions';
export { MoneyTransaction } from './MoneyTransaction';
export { MoneyNotYet } from './MoneyNotYet';
