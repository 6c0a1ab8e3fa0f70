/**
 * Signing in from a benchmark, through the API as the browser does (bot check off), with the one-time codes read
 * from the development outbox. Returns the bearer token the session issues.
 */
export async function signIn(address: string, account: { email: string; phone: string }): Promise<string> {
  const post = (url: string, body: unknown, cookie?: string) =>
    fetch(`${address}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mbo-client': 'bench', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const code = async (to: string) => {
    const outbox = (await (await fetch(`${address}/dev/outbox`)).json()) as { to: string; code?: string }[];
    const message = outbox.filter((m) => m.to === to && m.code).at(-1);
    if (!message?.code) throw new Error(`no code for ${to} in the outbox`);
    return message.code;
  };
  const started = (await (
    await post('/merchant/api/v2/auth/authenticate', { email: account.email, lang: 'en' })
  ).json()) as {
    session_id: string;
  };
  const verified = await post('/merchant/api/v2/auth/verify', {
    session_id: started.session_id,
    code: await code(account.email),
  });
  const cookie = verified.headers.get('set-cookie')!.split(';')[0]!;
  const done = await post(
    '/merchant/api/v2/auth/challenge/verify',
    { code: await code(account.phone) },
    cookie,
  );
  if (!done.ok) throw new Error(`sign-in of ${account.email}: ${done.status} ${await done.text()}`);
  return ((await done.json()) as { auth_token: string }).auth_token;
}
