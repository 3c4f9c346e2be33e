import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '@/testing/console-guard';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { SharedVideos } from './shared-videos';
import { makeSharedVideo } from './video-fixtures';

const LIST = 'GET /vid/api/video/getall';
const MUTED = 'GET /vid/api/video/mutes';
const nobodyMuted = { [MUTED]: () => json(200, []) };

afterEach(() => vi.restoreAllMocks());

describe('SharedVideos', () => {
  it("says 'No Video yet shared!' when nothing is shared with the user", async () => {
    stubFetch({ ...nobodyMuted, [LIST]: () => json(200, []) });
    await renderWithApp(<SharedVideos />, { path: '/videos' });
    expect(await screen.findByText('No Video yet shared!')).toBeVisible();
  });

  it('shows each video with its player, title, sharer and description', async () => {
    const video = makeSharedVideo();
    stubFetch({
      ...nobodyMuted,
      [LIST]: () => json(200, [video, makeSharedVideo({ id: 10, title: '', description: '' })]),
    });
    const { container } = await renderWithApp(<SharedVideos />, { path: '/videos' });
    const card = await screen.findByRole('article', { name: 'Guard passing review' });
    expect(within(card).getByText('Shared by: Mestre João')).toBeVisible();
    expect(within(card).getByText('Watch the second minute.')).toBeVisible();
    const player = container.querySelector('video');
    expect(player).toHaveAttribute('src', video.embedLink);
    expect(player).toHaveAttribute('poster', video.posterUrl);
    expect(player).toHaveAttribute('preload', 'metadata');
    expect(player).toHaveAttribute('controls');
    expect(screen.getByRole('article', { name: 'Sparring video' })).toBeVisible();
  });

  it("links each card to the video's review, where the athlete reads the analysis", async () => {
    stubFetch({ ...nobodyMuted, [LIST]: () => json(200, [makeSharedVideo(), makeSharedVideo({ id: 10, title: '' })]) });
    await renderWithApp(<SharedVideos />, { path: '/videos', language: 'pl' });
    const card = await screen.findByRole('article', { name: 'Guard passing review' });
    expect(within(card).getByRole('link', { name: 'Otwórz omówienie: Guard passing review' })).toHaveAttribute(
      'href',
      '/video-review/9',
    );
    expect(screen.getByRole('link', { name: 'Otwórz omówienie: Film ze sparingu' })).toHaveAttribute(
      'href',
      '/video-review/10',
    );
  });

  it('shows that a video is being made playable, and its player as soon as it is', async () => {
    const preparing = makeSharedVideo({ processing: 'pending', posterUrl: null, durationSeconds: null });
    const http = stubFetch({
      ...nobodyMuted,
      [LIST]: [() => json(200, [preparing]), () => json(200, [makeSharedVideo()])],
    });
    const { container } = await renderWithApp(<SharedVideos />, { path: '/videos' });
    const card = await screen.findByRole('article', { name: 'Guard passing review' });
    expect(within(card).getByText('Processing…')).toBeVisible();
    expect(container.querySelector('video')).toBeNull();
    await vi.waitFor(() => expect(container.querySelector('video')).not.toBeNull(), { timeout: 8000 });
    expect(http.callsTo(LIST)).toHaveLength(2);
  });

  it("shows 'Error fetching shared videos' when the list fails, and loads it again on 'Try again'", async () => {
    let serverUp = false;
    const http = stubFetch({
      ...nobodyMuted,
      [LIST]: () => (serverUp ? json(200, [makeSharedVideo()]) : problem(500, 'Database unavailable')),
    });
    const user = userEvent.setup();
    await renderWithApp(<SharedVideos />, { path: '/videos' });
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Error fetching shared videos');
    const asked = http.callsTo(LIST).length;

    serverUp = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Guard passing review' })).toBeVisible();
    expect(screen.queryByText('Error fetching shared videos')).toBeNull();
    expect(http.callsTo(LIST)).toHaveLength(asked + 1);
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Error fetching shared videos')]);
  });

  it('mutes the sharer of a card: their videos leave the list, with a toast that can undo it', async () => {
    const muted = { userId: 4, username: 'Mestre João', mutedAt: '2026-03-15T18:00:00Z', hiddenVideos: 1 };
    let isMuted = false;
    const http = stubFetch({
      [LIST]: () => json(200, isMuted ? [] : [makeSharedVideo()]),
      [MUTED]: () => json(200, isMuted ? [muted] : []),
      'POST /vid/api/video/mutes/4': () => {
        isMuted = true;
        return new Response(null, { status: 204 });
      },
      'DELETE /vid/api/video/mutes/4': () => {
        isMuted = false;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    await renderWithApp(<SharedVideos />, { path: '/videos' });
    const card = await screen.findByRole('article', { name: 'Guard passing review' });
    expect(screen.queryByRole('region', { name: 'Muted' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: /^Mute Mestre João/ }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('You will no longer see videos shared by Mestre João.');
    expect(await screen.findByText('No Video yet shared!')).toBeVisible();
    expect(http.callsTo('POST /vid/api/video/mutes/4')).toHaveLength(1);
    // The muted list below says whom, and how much it hides.
    const region = await screen.findByRole('region', { name: 'Muted' });
    expect(within(region).getByText('Mestre João')).toBeVisible();
    // The card and its button are gone: the focus is on the list that now names the sharer.
    await vi.waitFor(() => expect(within(region).getByRole('heading', { name: 'Muted' })).toHaveFocus());
    expect(within(region).getByText(/1 video hidden/)).toBeVisible();

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('You will see videos shared by Mestre João again.');
    expect(await screen.findByRole('article', { name: 'Guard passing review' })).toBeVisible();
    expect(http.callsTo('DELETE /vid/api/video/mutes/4')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Muted' })).toBeNull());
  });

  it('unmutes a sharer from the muted list, in Polish, and says so when it fails', async () => {
    const sharers = [
      { userId: 4, username: 'Mestre João', mutedAt: '2026-03-15T18:00:00Z', hiddenVideos: 5 },
      { userId: 7, username: 'Zofia', mutedAt: '2026-03-14T18:00:00Z', hiddenVideos: 2 },
    ];
    let unmuted = false;
    const http = stubFetch({
      [LIST]: () => json(200, unmuted ? [makeSharedVideo()] : []),
      [MUTED]: () => json(200, unmuted ? sharers.slice(1) : sharers),
      'DELETE /vid/api/video/mutes/4': () => {
        unmuted = true;
        return new Response(null, { status: 204 });
      },
      'DELETE /vid/api/video/mutes/7': () => problem(503, 'Database unavailable'),
    });
    const user = userEvent.setup();
    await renderWithApp(<SharedVideos />, { path: '/videos', language: 'pl' });
    const region = await screen.findByRole('region', { name: 'Wyciszeni' });
    expect(within(region).getByText(/5 ukrytych nagrań/)).toBeVisible();
    expect(within(region).getByText(/2 ukryte nagrania/)).toBeVisible();

    await user.click(within(region).getByRole('button', { name: /^Przywróć: Mestre João/ }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Znów zobaczysz nagrania udostępniane przez: Mestre João.',
    );
    expect(await screen.findByRole('article', { name: 'Guard passing review' })).toBeVisible();
    await vi.waitFor(() => expect(within(region).queryByText('Mestre João')).toBeNull());
    // The focus moves on to the next sharer's button rather than falling to the page.
    const zofia = within(region).getByRole('button', { name: /^Przywróć: Zofia/ });
    await vi.waitFor(() => expect(zofia).toHaveFocus());

    await user.click(zofia);
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Nie udało się przywrócić tej osoby');
    expect(within(region).getByText('Zofia')).toBeVisible();
    expect(http.callsTo('DELETE /vid/api/video/mutes/7')).toHaveLength(1);
  });

  it('speaks Polish', async () => {
    stubFetch({ ...nobodyMuted, [LIST]: () => json(200, [makeSharedVideo()]) });
    await renderWithApp(<SharedVideos />, { path: '/videos', language: 'pl' });
    expect(await screen.findByText('Udostępnione przez: Mestre João')).toBeVisible();
    expect(screen.getByRole('button', { name: /^Wycisz: Mestre João/ })).toBeVisible();
  });
});
