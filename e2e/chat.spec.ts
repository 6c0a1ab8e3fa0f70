/**
 * The live support chat (issue 18; docs/chat.md) in two browser contexts: a merchant on the support page and an
 * agent (ops) in the console at /ops/chat. A round trip, the unread dot, a dropped connection on the merchant's
 * side (messages written and received meanwhile arrive once it is back), the agent closing the conversation; a
 * chat that cannot start says so and starts on "Try again"; Arabic on a phone.
 *
 * Each test has a merchant of its own (a fresh organisation through /dev/fixtures), so the two projects running
 * side by side never share a conversation.
 */
import { expect, test, type APIRequestContext, type Page } from './test';
import { personaCopy, shot, signInWith } from './helpers';
import { uniqueDigits } from './uniqueNumber';

test.describe.configure({ mode: 'parallel' });

const FLAGS = {
  is_account_edit_allowed: true,
  is_disputes_allowed: true,
  is_order_view_allowed: true,
  has_merchant_access: true,
  has_store_access: true,
};

/** A new merchant with one workspace admin, signed in through `request`. */
async function freshMerchant(request: APIRequestContext, lang: 'en' | 'ar' = 'en') {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Chat Shop ${id}`;
  const who = { email: `chat-${id}@e2e.example`, phone: `+96655${uniqueDigits(7)}` };
  const res = await request.post('/dev/fixtures', {
    data: {
      accounts: [{ id: `acc-chat-${id}`, email: who.email, phone: who.phone, lang }],
      organizations: [
        {
          id: `org-chat-${id}`,
          name,
          status: 'approved',
          business_profile_completed: true,
          contract_signed: true,
        },
      ],
      merchants: [{ id: `mer-chat-${id}`, organization_id: `org-chat-${id}`, name, country: 'SAU' }],
      permissions: [
        {
          account_id: `acc-chat-${id}`,
          merchant_id: `mer-chat-${id}`,
          role: 'workspace_admin',
          flags: FLAGS,
        },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await signInWith(request, who);
  return { id, name, ...who };
}

const thread = (page: Page) => page.getByTestId('chat-thread');
const composer = (page: Page) => page.getByRole('textbox', { name: /Your message|رسالتك/ });

async function write(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
}

test('merchant ↔ agent: a round trip, the unread dot, a dropped connection, and the agent closes', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const mobile = testInfo.project.name === 'mobile';
  const shop = await freshMerchant(page.request);
  await page.goto('/support?lang=en');
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(page).toHaveURL(/[?&]chat=1/);
  const drawer = page.getByRole('dialog', { name: 'Chat with support' });
  await expect(drawer.getByText('No messages yet.')).toBeVisible();
  await write(page, `Hello, I need help with a payout (${shop.id})`);
  await expect(
    thread(page)
      .getByTestId('chat-message')
      .filter({ hasText: `payout (${shop.id})` }),
  ).toBeVisible();
  await expect(thread(page).getByTestId('chat-pending')).toHaveCount(0);

  // The agent, in another browser.
  const agentContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const agent = await agentContext.newPage();
  try {
    await signInWith(agent.request, await personaCopy(agent.request, 'acc-ops'));
    await agent.goto('/ops/chat?lang=en');
    const row = agent.getByTestId('queue-item').filter({ hasText: shop.name });
    await expect(row).toBeVisible();
    await expect(row.getByText('Waiting for an answer')).toBeVisible();
    await row.click();
    await expect(agent).toHaveURL(/\/ops\/chat\/[^/?]+/);
    await expect(thread(agent).getByText(`payout (${shop.id})`)).toBeVisible();

    // The merchant closes the panel; the agent answers: the support page and the sidebar say "unread".
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await write(agent, `Hi! Which payout is it? (${shop.id})`);
    // The button carries the dot, and says so to a screen reader.
    await expect(page.getByRole('button', { name: 'Chat with us (Unread messages)' })).toBeVisible();
    if (!mobile) await expect(page.getByTestId('nav-dot-support')).toBeVisible();
    await page.getByRole('button', { name: 'Chat with us' }).click();
    await expect(thread(page).getByText(`Which payout is it? (${shop.id})`)).toBeVisible();
    // Read: the marks go.
    await expect(page.getByRole('button', { name: 'Chat with us (Unread messages)' })).toHaveCount(0);
    if (!mobile) await expect(page.getByTestId('nav-dot-support')).toHaveCount(0);

    // The merchant's network drops. What they write waits; what the agent writes meanwhile is not lost.
    await page.context().setOffline(true);
    await expect(page.getByTestId('chat-status')).toHaveAttribute('data-status', 'offline');
    await write(page, `The one from Monday (${shop.id})`);
    await expect(thread(page).getByTestId('chat-pending')).toContainText('Waiting for the connection');
    await write(agent, `Checking it now (${shop.id})`);
    await expect(thread(agent).getByText(`Checking it now (${shop.id})`)).toBeVisible();
    await page.context().setOffline(false);
    await expect(thread(page).getByText(`Checking it now (${shop.id})`)).toBeVisible();
    await expect(thread(page).getByTestId('chat-pending')).toHaveCount(0);
    await expect(thread(agent).getByText(`The one from Monday (${shop.id})`)).toBeVisible();
    // Each message once, in the order the server numbered them.
    await expect(thread(page).getByTestId('chat-message')).toHaveCount(4);
    await expect(thread(agent).getByTestId('chat-message')).toHaveCount(4);
    await shot(page, `chat-merchant-${testInfo.project.name}`);
    await shot(agent, `chat-agent-${testInfo.project.name}`);

    // The agent closes the conversation: it leaves the queue; the merchant sees it closed.
    await agent.getByRole('button', { name: 'Close conversation' }).click();
    await agent.getByRole('dialog').getByRole('button', { name: 'Close conversation' }).click();
    await expect(agent).toHaveURL(/\/ops\/chat(\?|$)/);
    await expect(agent.getByTestId('queue-item').filter({ hasText: shop.name })).toHaveCount(0);
    await expect(thread(page).getByTestId('chat-closed')).toBeVisible();
    // A new message opens a new conversation in the agent's queue.
    await write(page, `One more question (${shop.id})`);
    await expect(agent.getByTestId('queue-item').filter({ hasText: shop.name })).toBeVisible();
  } finally {
    await agentContext.close();
  }
});

test('a chat that cannot start says so (its token call failed), and Try again starts it', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'behaviour: desktop project');
  await freshMerchant(page.request);
  let refuse = true;
  await page.route('**/merchant/api/v1/support/chat-token*', (route) =>
    refuse
      ? route.fulfill({ status: 503, body: '{"status":503,"message":"unavailable"}' })
      : route.continue(),
  );
  await page.goto('/support?chat=1&lang=en');
  const failed = page.getByTestId('chat-failed');
  await expect(failed).toContainText('The chat could not start');
  refuse = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toHaveCount(0);
  await write(page, 'Is anyone there?');
  await expect(
    thread(page).getByTestId('chat-message').filter({ hasText: 'Is anyone there?' }),
  ).toBeVisible();
});

test.describe('chat in Arabic on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the panel and the console read right to left', async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    const shop = await freshMerchant(page.request, 'ar');
    await page.goto('/support?lang=ar&chat=1');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const drawer = page.getByRole('dialog', { name: 'المحادثة مع الدعم' });
    await expect(drawer.getByText('لا توجد رسائل بعد.')).toBeVisible();
    await write(page, `مرحبًا، لدي سؤال (${shop.id})`);
    await expect(thread(page).getByTestId('chat-message')).toHaveCount(1);
    await shot(page, `chat-merchant-ar-${testInfo.project.name}`);

    const agentContext = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const agent = await agentContext.newPage();
    try {
      await signInWith(agent.request, await personaCopy(agent.request, 'acc-ops'));
      await agent.goto('/ops/chat?lang=ar');
      await expect(agent.getByRole('heading', { name: 'المحادثات المفتوحة' })).toBeVisible();
      await agent.getByTestId('queue-item').filter({ hasText: shop.name }).click();
      // On a phone the conversation replaces the queue, with the way back.
      await expect(agent.getByRole('heading', { name: 'المحادثات المفتوحة' })).toBeHidden();
      await expect(thread(agent).getByText(`لدي سؤال (${shop.id})`)).toBeVisible();
      await write(agent, `أهلًا بك (${shop.id})`);
      await expect(thread(page).getByText(`أهلًا بك (${shop.id})`)).toBeVisible();
      await shot(agent, `chat-agent-ar-${testInfo.project.name}`);
      await agent.getByRole('link', { name: 'كل المحادثات' }).click();
      await expect(agent.getByRole('heading', { name: 'المحادثات المفتوحة' })).toBeVisible();
    } finally {
      await agentContext.close();
    }
  });
});

test('a merchant who opens the agents’ console is told it is not for them', async ({ page, isMobile }) => {
  test.skip(isMobile, 'behaviour: desktop project');
  await freshMerchant(page.request);
  await page.goto('/ops/chat?lang=en');
  await expect(page.getByText('Support chat is for the provider’s support team')).toBeVisible();
  // And the server refuses an agent's call from them.
  const res = await page.request.post('/merchant/api/v1/support/chat/channels/any/close', {
    headers: { 'x-mbo-client': 'e2e' },
    data: {},
  });
  expect(res.status()).toBe(403);
});
