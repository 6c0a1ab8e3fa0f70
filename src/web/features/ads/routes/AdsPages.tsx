/** Ads (shell spec §2.3 "ads"; docs/ads.md). One screen; this index is the area's lazy chunk. */
export { AdsPage } from './AdsPage';
