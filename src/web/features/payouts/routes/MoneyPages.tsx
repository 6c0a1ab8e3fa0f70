/**
 * The money area inside the mobile app's webview (shell spec §2.6 `money/*`; docs/payouts.md "In the mobile app"):
 * the landing, the transactions history and a transaction's detail — here a payout, the money the app's merchant
 * receives (the card application's pages are the wallet feature's: features/wallet/routes/MoneyCardPages). The
 * frame (webview only) is app/WebviewLayout. One file per screen; this index is the area's lazy chunk.
 */
export { MoneyLanding } from './MoneyLanding';
export { MoneyTransactions } from './MoneyTransactions';
export { MoneyTransaction } from './MoneyTransaction';
