import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { makeSearchResult } from './curriculum-fixtures';
import { TechniqueSearchDialog } from './technique-search-dialog';

const SEARCH = 'POST /vid/api/ai/search';
const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

afterEach(() => vi.restoreAllMocks());

async function openSearch(language: 'en' | 'pl' = 'en') {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<TechniqueSearchDialog sessionId={7} techniqueName="Scissor sweep" />, { language });
  await user.click(screen.getByRole('button', { name: /Scissor sweep/ }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('TechniqueSearchDialog', () => {
  it('searches once opened and shows videos, free resources and paid resources with relevance', async () => {
    const { calls } = stubFetch({ [SEARCH]: () => text(200, JSON.stringify(makeSearchResult())) });
    await renderWithApp(<TechniqueSearchDialog sessionId={7} techniqueName="Scissor sweep" />);
    expect(calls).toEqual([]);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Search Videos: Scissor sweep' }));
    const dialog = await screen.findByRole('dialog', { name: 'Videos and resources: Scissor sweep' });

    expect(await within(dialog).findByRole('heading', { name: 'Videos (1)' })).toBeVisible();
    expect(calls.map((call) => call.body)).toEqual([{ techniqueName: 'Scissor sweep', trainingSessionId: 7 }]);
    expect(within(dialog).getByText('Scissor sweep details')).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Free resources (1)' })).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Paid resources (1)' })).toBeVisible();

    const free = within(dialog).getByRole('link', { name: /Scissor sweep, step by step/ });
    expect(free).toHaveAttribute('href', 'https://example.org/scissor-sweep');
    expect(free).toHaveAttribute('target', '_blank');
    expect(free).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const paid = within(dialog).getByRole('link', { name: /Closed guard course/ });
    expect(paid).toHaveAttribute('href', 'https://example.com/closed-guard');
    expect(within(dialog).getByText('Covers the scissor sweep in chapter 2')).toBeVisible();
    expect(within(dialog).getByText('Relevance:')).toBeVisible();
  });

  it("lists the academy's own analysed clips of the technique, each opening the review at its moment", async () => {
    const clip = {
      video_id: 42,
      title: 'Tuesday rounds',
      fighter_name: 'Kuba Nowak',
      technique_name: 'Scissor sweep',
      start_timestamp: '00:01:05',
      end_timestamp: '00:01:09',
      start_seconds: 65,
    };
    stubFetch({ [SEARCH]: () => text(200, JSON.stringify(makeSearchResult({ academy_clips: [clip] }))) });
    const { dialog } = await openSearch();
    expect(await within(dialog).findByRole('heading', { name: "From your academy's footage (1)" })).toBeVisible();
    expect(within(dialog).getByText('Kuba Nowak · Scissor sweep, 00:01:05–00:01:09')).toBeVisible();
    const watch = within(dialog).getByRole('link', { name: 'Watch Tuesday rounds from 00:01:05' });
    expect(watch).toHaveAttribute('href', '/video-review/42?t=65');
    expect(watch).toHaveTextContent('Watch from 00:01:05');
  });

  it('says when the academy has no analysed clip of the technique yet, in Polish too', async () => {
    stubFetch({ [SEARCH]: () => text(200, JSON.stringify(makeSearchResult({ academy_clips: [] }))) });
    const { dialog } = await openSearch('pl');
    expect(await within(dialog).findByRole('heading', { name: 'Z nagrań Twojej akademii (0)' })).toBeVisible();
    expect(within(dialog).getByText(/Nie ma jeszcze przeanalizowanych fragmentów/)).toBeVisible();
  });

  it('plays a video in a modal with a 400 px iframe, loaded only after Play', async () => {
    stubFetch({ [SEARCH]: () => text(200, JSON.stringify(makeSearchResult())) });
    const { user, dialog } = await openSearch();
    const play = await within(dialog).findByRole('button', { name: 'Play: Scissor sweep details' });
    expect(document.querySelector('iframe')).toBeNull();

    await user.click(play);
    const player = await screen.findByRole('dialog', { name: 'Scissor sweep details' });
    const iframe = within(player).getByTitle('Scissor sweep details');
    expect(iframe.tagName).toBe('IFRAME');
    expect(iframe).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc123');
    expect(iframe).toHaveAttribute('height', '400');
    expect(iframe).toHaveStyle({ height: '400px' });

    await user.click(within(player).getByRole('button', { name: 'Close the video' }));
    await waitFor(() => expect(document.querySelector('iframe')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Videos and resources: Scissor sweep' })).toBeVisible();
  });

  it('says so when a section is empty, and never shows a link that is not http(s)', async () => {
    stubFetch({
      [SEARCH]: () =>
        text(
          200,
          JSON.stringify(
            makeSearchResult({
              youtube_videos: [],
              free_videos: [{ title: 'Suspicious', link: 'javascript:alert(1)' }],
              paid_resources: [],
            }),
          ),
        ),
    });
    const { dialog } = await openSearch();
    expect(await within(dialog).findByText(/^No videos found\./)).toBeVisible();
    expect(within(dialog).getByText('No paid resources found for this technique.')).toBeVisible();
    expect(within(dialog).getByText('Suspicious')).toBeVisible();
    expect(within(dialog).queryByRole('link', { name: /Suspicious/ })).toBeNull();
  });

  it("shows the server's notice on why videos are missing", async () => {
    const notice = 'YouTube search is not configured on this server.';
    stubFetch({ [SEARCH]: () => text(200, JSON.stringify(makeSearchResult({ youtube_videos: [], notice }))) });
    const { dialog } = await openSearch();
    expect(await within(dialog).findByRole('note')).toHaveTextContent(notice);
    // The notice is the reason; no contradicting "No videos found." below it.
    expect(within(dialog).queryByText(/No videos found/)).toBeNull();
  });

  it('shows a loading state while it searches', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch({ [SEARCH]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { dialog } = await openSearch();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Searching…');
    answer(text(200, JSON.stringify(makeSearchResult())));
    expect(await within(dialog).findByRole('heading', { name: 'Videos (1)' })).toBeVisible();
  });

  it("shows 'OpenMat search failed: ' and the body when the search fails", async () => {
    stubFetch({ [SEARCH]: () => problem(502, 'The YouTube Data API refused the key.') });
    const { dialog } = await openSearch();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'OpenMat search failed: The YouTube Data API refused the key.',
    );
  });

  it('shows the two parse texts when the answer is not JSON', async () => {
    stubFetch({
      [SEARCH]: [() => text(200, 'Sorry, I cannot help with that.'), () => text(200, '{"free_videos": 3}')],
    });
    const { user, dialog } = await openSearch();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to parse search results');
    expect(alert).toHaveTextContent('Invalid JSON format. Please check the input data.');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid JSON format.'));
  });

  it('speaks Polish', async () => {
    stubFetch({ [SEARCH]: () => text(200, JSON.stringify(makeSearchResult({ paid_resources: [] }))) });
    const { dialog } = await openSearch('pl');
    expect(within(dialog).getByRole('heading', { name: 'Filmy i materiały: Scissor sweep' })).toBeVisible();
    expect(await within(dialog).findByRole('heading', { name: 'Bezpłatne materiały (1)' })).toBeVisible();
    expect(within(dialog).getByText('Nie znaleziono płatnych materiałów dla tej techniki.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Odtwórz: Scissor sweep details' })).toBeVisible();
  });
});
