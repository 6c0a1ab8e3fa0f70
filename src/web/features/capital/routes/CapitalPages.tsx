/** Capital's screens (capital spec §2), one file each and one lazy chunk for the whole section. */
export { ApplicationPage } from './ApplicationPage';
export { CapitalEntry } from './CapitalEntry';
export { CapitalErrorPage } from './CapitalErrorPage';
export { FrfApplicationPage } from './FrfApplicationPage';
export { FrfOfferRoute } from './FrfOfferRoute';
export { KybApplicationPage } from './KybApplicationPage';
export { LoanPage } from './LoanPage';
export { LoansPage } from './LoansPage';
export { OfferEntry } from './OfferEntry';
export { OfferPage } from './OfferPage';
export { OffersPage } from './OffersPage';
export { ResetFixPage } from './ResetFixPage';
export { SimpleApplicationPage } from './SimpleApplicationPage';
export { WaitlistPage } from './WaitlistPage';
