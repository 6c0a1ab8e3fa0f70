/** Capital's screens (capital spec §2), one lazy chunk for the whole section. */
export {
  CapitalEntry,
  CapitalErrorPage,
  FrfOfferRoute,
  OfferEntry,
  OfferPage,
  OffersPage,
  SimpleApplicationPage,
  WaitlistPage,
} from './OfferPages';
export {
  ApplicationPage,
  FrfApplicationPage,
  KybApplicationPage,
  LoanPage,
  LoansPage,
  ResetFixPage,
} from './LoanPages';
