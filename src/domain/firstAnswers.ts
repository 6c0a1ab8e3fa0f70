/**
 * The shell's first answers sent with a signed-in page's HTML (issue 54). On a phone's network each question the
 * app asks once its code has run costs a round trip, and the shell asked in waves (the account, then what it
 * unlocks): the home, orders and payouts drew 1.0-1.5 s sooner with the answers in the page (docs/benchmarks.md, tenth
 * round). The server asks these for the session the page is sent to (routes/spa.ts) and writes their answers into
 * the page; the app's API client (web/api/firstAnswers.ts) takes each once, instead of asking the network.
 *
 * An answer is found by its address, so the app must ask exactly this address (its `request_id` aside): questions
 * with parameters are built by the functions below, which the app asks with too.
 */

/** The element holding the answers: a JSON data block, never run (the Content-Security-Policy is unchanged). */
export const FIRST_ANSWERS_ID = 'first-answers';

/** The questions every signed-in page's shell asks as it starts, as the app asks them. */
export const FIRST_QUESTIONS: readonly string[] = [
  '/merchant/api/v1/auth/permissions',
  '/merchant/api/v1/account',
  '/partners/application/api/v1/application',
  '/merchant/api/v1/legal-entities',
  '/merchant/api/v1/stores',
  '/merchant/api/v1/site-links',
  '/merchant/api/v1/disputes/active',
  '/merchant/api/v1/catalogue/flows',
];

/** The answers as the page carries them: each question's address and its answer's body. */
export type FirstAnswers = Record<string, unknown>;

/** The account's experiments, as the shell asks for them (web/api/experiments.ts). */
export const experimentsPath = (accountId: string) =>
  `/merchant/api/v1/experiments?entity=merchant_account&entity_id=${encodeURIComponent(accountId)}`;

/** A store's products, as the shell asks for the first store's (web/app/shell/useShell.ts). */
export const availableProductsPath = (storeId: string) =>
  `/merchant/api/v1/stores/${encodeURIComponent(storeId)}/available-products`;

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

/**
 * The questions the shell asks next, once these answers are in (the tenth round's fifth and sixth waves): the
 * account's experiments, and the first store's products for a member with store access. Asked by the server with
 * the first ones, so the shell's drawing waits for no round trip of its own; none when an answer they need is
 * missing (the app then asks as it would have).
 */
export function followingQuestions(answers: FirstAnswers): string[] {
  const following: string[] = [];
  const accountId = field(answers['/merchant/api/v1/account'], 'id');
  if (typeof accountId === 'string' && accountId !== '') following.push(experimentsPath(accountId));
  const storeAccess = field(answers['/merchant/api/v1/auth/permissions'], 'has_store_access') === true;
  const stores = field(answers['/merchant/api/v1/stores'], 'items');
  const firstStore = Array.isArray(stores) ? field(stores[0], 'id') : undefined;
  if (storeAccess && typeof firstStore === 'string' && firstStore !== '')
    following.push(availableProductsPath(firstStore));
  return following;
}

/**
 * The answers as HTML: a JSON data block whose text cannot end the element or start markup, whatever the data
 * holds (a company named `</script><script>…` stays text).
 */
export function firstAnswersBlock(answers: FirstAnswers): string {
  const json = JSON.stringify(answers)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>`;
}

/**
 * A page with its answers at the end of its body. The block is put in by a function, not as a replacement string:
 * data holding `$&` or `$'` (a company's name) would otherwise be read as a pattern and the page's text copied in.
 */
export function withFirstAnswers(html: string, answers: FirstAnswers): string {
  const block = firstAnswersBlock(answers);
  return html.includes('</body>') ? html.replace('</body>', () => `${block}</body>`) : html + block;
}
