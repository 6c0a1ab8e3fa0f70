/**
 * The shell's first answers the server writes into a signed-in page (issue 54, domain/firstAnswers.ts): the API
 * client takes each once, while the page is young, instead of asking the network; anything else asks as before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, answerFrom } from '../../src/web/api/client';
import { FIRST_ANSWERS_FRESH_MS, resetFirstAnswers, takeFirstAnswer } from '../../src/web/api/firstAnswers';
import { FIRST_ANSWERS_ID, firstAnswersBlock } from '../../src/domain/firstAnswers';

const ACCOUNT = '/merchant/api/v1/account';
const APPLICATION = '/partners/application/api/v1/application';

/** The page as the server sends it: the answers' block in its body, as HTML (so its escaping is what is read). */
function pageWith(answers: Record<string, unknown>) {
  document.body.innerHTML = `<main></main>${firstAnswersBlock(answers)}`;
}

const fetched: string[] = [];
beforeEach(() => {
  fetched.length = 0;
  resetFirstAnswers();
  answerFrom((path) => takeFirstAnswer(path));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url.split('?')[0]!);
      return new Response(JSON.stringify({ from: 'network' }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe("a signed-in page's first answers", () => {
  it('answer the first GET of their address without the network, once', async () => {
    pageWith({ [ACCOUNT]: { id: 'acc-1' }, [APPLICATION]: null });
    expect(await api('GET', ACCOUNT)).toEqual({ id: 'acc-1' });
    // An answer of null (no application yet) is an answer, not a missing one.
    expect(await api('GET', APPLICATION)).toBeNull();
    expect(fetched).toEqual([]);
    // A second ask (a refresh) is the network's.
    expect(await api('GET', ACCOUNT)).toEqual({ from: 'network' });
    expect(fetched).toEqual([ACCOUNT]);
  });

  it('leave the page once read, and every other question to the network', async () => {
    pageWith({ [ACCOUNT]: { id: 'acc-1' } });
    expect(await api('GET', '/merchant/api/v1/stores')).toEqual({ from: 'network' });
    expect(document.getElementById(FIRST_ANSWERS_ID)).toBeNull();
    // A change is never answered from the page, whatever its address.
    expect(await api('POST', ACCOUNT, {})).toEqual({ from: 'network' });
    expect(fetched).toEqual(['/merchant/api/v1/stores', ACCOUNT]);
  });

  it('keep text that looks like markup as the data it is', async () => {
    const name = '</script><script>alert(1)</script> & Co. \u2028';
    pageWith({ [ACCOUNT]: { first_name: name } });
    expect(await api('GET', ACCOUNT)).toEqual({ first_name: name });
  });

  it('are not used once the page is older than they are fresh', () => {
    pageWith({ [ACCOUNT]: { id: 'acc-1' } });
    expect(takeFirstAnswer(ACCOUNT, FIRST_ANSWERS_FRESH_MS + 1)).toEqual({ found: false });
    // Not kept for later either.
    expect(takeFirstAnswer(ACCOUNT, 0)).toEqual({ found: false });
  });

  it('are none when the page has none, or its block does not parse', async () => {
    expect(await api('GET', ACCOUNT)).toEqual({ from: 'network' });
    resetFirstAnswers();
    document.body.innerHTML = `<script type="application/json" id="${FIRST_ANSWERS_ID}">{"broken</script>`;
    expect(await api('GET', ACCOUNT)).toEqual({ from: 'network' });
    expect(fetched).toEqual([ACCOUNT, ACCOUNT]);
  });

  it("are looked for once the signed-in pages' data cache is loaded", async () => {
    answerFrom(() => ({ found: false }));
    pageWith({ [ACCOUNT]: { id: 'acc-1' } });
    expect(await api('GET', ACCOUNT)).toEqual({ from: 'network' });
    resetFirstAnswers();
    pageWith({ [ACCOUNT]: { id: 'acc-1' } });
    await import('../../src/web/app/shell/signedInQueryClient');
    expect(await api('GET', ACCOUNT)).toEqual({ id: 'acc-1' });
  });
});
