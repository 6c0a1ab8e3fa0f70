/** The web side of a flow's named actions: the OTP widget's resend on a draft, its 429 a ResendLimited. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resendDraftCode } from '../../src/web/api/drafts';
import { ResendLimited } from '../../src/engine/widgets/services';
import { ApiError } from '../../src/web/api/client';

const answer = (status: number, body: unknown) =>
  vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('resendDraftCode', () => {
  it("posts the draft's resend-otp action", async () => {
    const fetch = answer(200, { sent: true, resend_after: 30 });
    vi.stubGlobal('fetch', fetch);
    await resendDraftCode({ flow: 'capital-kyb', id: 'd 1' });
    expect(fetch).toHaveBeenCalledWith(
      '/merchant/api/v1/flows/capital-kyb/drafts/d%201/actions/resend-otp',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('turns the server’s 429 into ResendLimited, and other failures into their ApiError', async () => {
    vi.stubGlobal('fetch', answer(429, { status: 429, message: 'too many attempts to send code' }));
    await expect(resendDraftCode({ flow: 'capital-kyb', id: 'd1' })).rejects.toBeInstanceOf(ResendLimited);
    vi.stubGlobal('fetch', answer(500, { status: 500, message: 'internal error' }));
    const failed = resendDraftCode({ flow: 'capital-kyb', id: 'd1' });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    await expect(failed).rejects.not.toBeInstanceOf(ResendLimited);
  });
});
