/**
 * The analytics event catalogue (issue 60, point 1): every named event the app sends, with the properties it
 * declares and where it fires. `analytics.track` takes only these names (src/web/analytics.ts), so an event
 * renamed or added without its entry does not compile; `tests/unit/analytics-events.test.ts` checks that every
 * entry is sent somewhere and that docs/analytics.md lists it. No event may carry a one-time code, an IBAN or an
 * identity number (domain/eventPrivacy.ts: the server refuses one). Page views and the identify call (shell §7) are
 * not named events and are not listed here.
 *
 * Names are the spec's where it gives them (capital §7, in its own spelling); ours otherwise.
 */

export interface EventEntry {
  /** The area (onboarding §1's screen list). */
  area: string;
  /** When it fires. */
  when: string;
  /** The properties it carries (capital's also carry language, email and phone: capital §7). */
  properties: readonly string[];
}

/** Capital §7: "each event carries language, email, phone" (added by features/capital/events.ts). */
const CAPITAL = ['language', 'email', 'phone'] as const;

export const EVENT_CATALOGUE = {
  // Capital (capital spec §7)
  'Capital Page Opened': {
    area: 'capital',
    when: 'the entry, or an offer entry, opened with its three requests answered',
    properties: ['page', 'offer_id', ...CAPITAL],
  },
  'Capital Offers Loaded': {
    area: 'capital',
    when: 'the offers list loaded',
    properties: ['count', ...CAPITAL],
  },
  'Capital Offers Clicks': {
    area: 'capital',
    when: 'an offer chosen (banner, list or selector)',
    properties: ['merchantId', 'offerId', 'eventOrigin', ...CAPITAL],
  },
  'Capital Store Selected': {
    area: 'capital',
    when: "the offer page's store switcher",
    properties: ['merchantId', 'storeId', ...CAPITAL],
  },
  'Capital Apply Clicked': {
    area: 'capital',
    when: "an offer's apply button",
    properties: ['merchantId', 'capitalAmount', 'merchantName', 'currency', ...CAPITAL],
  },
  'Capital Early Payoff Opened': {
    area: 'capital',
    when: "a loan's early-payoff card followed",
    properties: ['merchantId', 'offerId', ...CAPITAL],
  },
  'Call Back Requested': {
    area: 'capital',
    when: "the offer page's call-back form sent",
    properties: ['offer_id', 'date', 'phoneNumber', ...CAPITAL],
  },
  'Feedback sent': {
    area: 'capital',
    when: 'the feedback form on leaving an offer sent',
    properties: ['offer_id', 'capitalOpinion', 'Tellusmore', 'Contact', ...CAPITAL],
  },
  // Onboarding: the applicant's side of the review loop (docs/review.md)
  'Application Resubmitted': {
    area: 'sign up and application flow',
    when: 'an application sent back is submitted again',
    properties: ['application_id', 'round'],
  },
  'Application Sent Back Viewed': {
    area: 'sign up and application flow',
    when: 'the application view shows what was sent back',
    properties: ['application_id', 'reasons', 'round'],
  },
  'Application Rejection Viewed': {
    area: 'sign up and application flow',
    when: 'the application view shows a rejection',
    properties: ['application_id', 'reason'],
  },
  // The reviewers' console (docs/review.md)
  'Application Review Taken': {
    area: 'review console',
    when: 'a reviewer takes an application',
    properties: ['application_id'],
  },
  'Application Review Released': {
    area: 'review console',
    when: 'a reviewer lets one go',
    properties: ['application_id'],
  },
  'Application Approved': {
    area: 'review console',
    when: 'an application approved',
    properties: ['application_id'],
  },
  'Application Rejected': {
    area: 'review console',
    when: 'an application rejected',
    properties: ['application_id', 'reason'],
  },
  'Application Sent Back': {
    area: 'review console',
    when: 'an application sent back',
    properties: ['application_id', 'reasons'],
  },
  // Users (invite, manage, roles)
  // Every catalogue form (onboarding's application and its company owners, capital's forms, the store-listing
  // editor, the waitlist), from the wizard alike (web/api/serverDraft.ts): the form insights' own events are richer
  // (docs/form-insights.md).
  'Form Step Viewed': {
    area: 'forms',
    when: "a form's step shown (the application's, the store-listing editor's, capital's)",
    properties: ['flow', 'step', 'version'],
  },
  'Form Step Completed': {
    area: 'forms',
    when: "a step's main button pressed and its answers taken",
    properties: ['flow', 'step', 'version'],
  },
  'Form Submitted': { area: 'forms', when: 'a form sent', properties: ['flow', 'version'] },
  'User Invited': { area: 'users', when: 'an invitation sent', properties: ['role', 'by'] },
  'User Role Changed': { area: 'users', when: "a person's role or stores changed", properties: ['role'] },
  'User Removed': { area: 'users', when: 'a person taken off the team', properties: ['role'] },
  // Stores and the embedded contract
  'Store Contract Signed': {
    area: 'stores',
    when: "a store's contract signed",
    properties: ['store_id', 'embedded'],
  },
  // Support tickets (form, CSAT)
  'Support Ticket Created': { area: 'support', when: 'a ticket sent from the form', properties: ['topic'] },
  'Support CSAT Sent': {
    area: 'support',
    when: "a ticket's satisfaction answered",
    properties: ['ticket_id', 'csat'],
  },
  // Locations
  location_added: { area: 'locations', when: 'a location added', properties: ['location_id', 'store_id'] },
  location_edited: { area: 'locations', when: 'a location changed', properties: ['location_id', 'store_id'] },
  location_removed: {
    area: 'locations',
    when: 'a location removed',
    properties: ['location_id', 'store_id'],
  },
  // Ads (the merchant's) and ads ops
  ads_campaign_created: { area: 'ads', when: 'a campaign created', properties: ['campaign_id', 'product'] },
  ads_campaign_edited: {
    area: 'ads',
    when: "a campaign's name or budget changed",
    properties: ['campaign_id', 'product'],
  },
  ads_campaign_started: { area: 'ads', when: 'a campaign started', properties: ['campaign_id', 'product'] },
  ads_campaign_paused: { area: 'ads', when: 'a campaign paused', properties: ['campaign_id', 'product'] },
  ads_invite_sent: { area: 'ads', when: 'a person invited to ads', properties: ['merchant_id'] },
  ads_ops_campaign_started: {
    area: 'ads ops',
    when: 'ops start a campaign',
    properties: ['campaign_id', 'product'],
  },
  ads_ops_campaign_stopped: {
    area: 'ads ops',
    when: 'ops stop a campaign',
    properties: ['campaign_id', 'product'],
  },
  ads_ops_campaign_budget_changed: {
    area: 'ads ops',
    when: "ops change a campaign's budget",
    properties: ['campaign_id', 'product'],
  },
  // Marketing
  marketing_platform_connected: {
    area: 'marketing',
    when: 'a platform connected',
    properties: ['merchant_id', 'platform'],
  },
  marketing_platform_disconnected: {
    area: 'marketing',
    when: 'a platform disconnected',
    properties: ['merchant_id', 'platform'],
  },
  marketplace_product_shown: {
    area: 'marketing',
    when: 'a product shown in the marketplace',
    properties: ['product_id'],
  },
  marketplace_product_hidden: { area: 'marketing', when: 'a product hidden', properties: ['product_id'] },
  product_catalog_authorised: {
    area: 'marketing',
    when: 'the catalogue permission given',
    properties: ['merchant_id'],
  },
  product_catalog_revoked: {
    area: 'marketing',
    when: 'the catalogue permission taken back',
    properties: ['merchant_id'],
  },
  store_listing_shown: {
    area: 'store listing editor',
    when: 'the listing shown to shoppers',
    properties: ['merchant_id'],
  },
  store_listing_hidden: {
    area: 'store listing editor',
    when: 'the listing hidden',
    properties: ['merchant_id'],
  },
  // Login and sign-up, 2FA and phone linking
  'Login Code Requested': {
    area: 'login',
    when: "sign-in's first code sent (sign-up starts the same way)",
    properties: ['method'],
  },
  'Login Completed': { area: 'login', when: 'both factors passed, the session open', properties: ['method'] },
  'Phone Linked': {
    area: '2FA and phone linking',
    when: "the account page's new phone confirmed",
    properties: [],
  },
  // Integration and API keys
  'API Key Revealed': {
    area: 'integration and API keys',
    when: 'a secret key shown after its code',
    properties: ['environment'],
  },
  // Payouts (CSV, FAQ)
  'Payout CSV Downloaded': {
    area: 'payouts',
    when: "a payout's transactions downloaded",
    properties: ['payout_id'],
  },
  'Payouts FAQ Opened': { area: 'payouts', when: '"how reports work" opened', properties: [] },
  'Payouts Filtered': {
    area: 'payouts',
    when: "the completed payouts' filters changed (the names of the filters changed, never their values)",
    properties: ['filters'],
  },
  'Payout Cycle Viewed': {
    area: 'payouts',
    when: "the upcoming payouts (the payout cycle) shown for a business, or another business's chosen",
    properties: ['merchant_id'],
  },
  // The dashboard's tiles and analytics' charts
  'Home Tile Opened': {
    area: 'dashboard',
    when: "a home tile's link to its area followed",
    properties: ['tile'],
  },
  'Analytics Metric Chosen': {
    area: 'analytics',
    when: "another metric chosen for the chart, or another country's figures",
    properties: ['metric', 'country'],
  },
  'Analytics Filtered': {
    area: 'analytics',
    when: 'the period, granularity, stores or products changed (the names of the filters changed)',
    properties: ['filters'],
  },
  // Disputes
  'Dispute Refunded': {
    area: 'disputes',
    when: 'a dispute accepted and refunded',
    properties: ['dispute_id'],
  },
  'Dispute Challenged': {
    area: 'disputes',
    when: 'a dispute challenged with evidence',
    properties: ['dispute_id', 'reason'],
  },
  // Payment links
  'Payment Link Created': { area: 'payment links', when: 'a payment link sent', properties: ['link_id'] },
  // Legal entities (the expiry modal and the sidebar alert)
  'Licence Expiry Modal Shown': {
    area: 'legal entities',
    when: 'the licence expiry modal shown (once per licence and tab)',
    properties: ['entity_id'],
  },
  'Legal Entity Alert Followed': {
    area: 'legal entities',
    when: "the sidebar's licence alert followed (get started, or contact support)",
    properties: ['alert'],
  },
} as const satisfies Record<string, EventEntry>;

export type EventName = keyof typeof EVENT_CATALOGUE;

/**
 * Capital §7 names "Scheduled Call", and nothing in the product schedules a call beyond the call-back request
 * (docs/capital.md): it is not in the catalogue until something fires it.
 */
export const NAMED_BUT_NOT_FIRED = ['Scheduled Call'] as const;

/**
 * The filters a change touched, as one property (`country,product`) of "Payouts Filtered" and "Analytics
 * Filtered": which filters merchants use, never what they typed in them.
 */
export const changedFilters = (patch: object) => Object.keys(patch).sort().join(',');
