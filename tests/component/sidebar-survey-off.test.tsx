/** The survey card without a survey to open (SURVEY_URL unset): not shown, whatever the experiment says. */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderSidebar } from './setup/renderSidebar';

const fetchLinks = vi.fn(async (input: unknown) =>
  String(input).includes('/merchant/api/v1/site-links')
    ? Response.json({ survey: null, terms: null })
    : new Response(null, { status: 404 }),
);
vi.stubGlobal('fetch', fetchLinks);

describe('the survey card', () => {
  it('is not drawn when the deployment sets no survey page, even with the acquiring_survey experiment', async () => {
    renderSidebar({ experiments: ['acquiring_survey'] }, { email: 'a@b.co', phone: '+966501234567' });
    await screen.findAllByRole('link');
    await vi.waitFor(() => expect(fetchLinks).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('A two-minute survey helps us build what you need.')).toBeNull();
  });
});
