/**
 * The merchant wallet and the card (shell spec §2.3 "Finance", §6; docs/wallet.md). One file per screen; this
 * index is the area's lazy chunk.
 */
export { MerchantWallet } from './MerchantWallet';
export { CardPage } from './CardPage';
