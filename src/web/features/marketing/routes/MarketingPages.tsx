/** Marketing (shell spec §2.6; docs/marketing.md). One screen; this index is the area's lazy chunk. */
export { MarketingPage } from './MarketingPage';
