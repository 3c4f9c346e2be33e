import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '@/testing/console-guard';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { SharedVideos } from './shared-videos';
import { makeSharedVideo } from './video-fixtures';

const LIST = 'GET /vid/api/video/getall';

afterEach(() => vi.restoreAllMocks());

describe('SharedVideos', () => {
  it("says 'No Video yet shared!' when nothing is shared with the user", async () => {
    stubFetch({ [LIST]: () => json(200, []) });
    await renderWithApp(<SharedVideos />, { path: '/videos' });
    expect(await screen.findByText('No Video yet shared!')).toBeVisible();
  });

  it('shows each video with its player, title, sharer and description', async () => {
    const video = makeSharedVideo();
    stubFetch({ [LIST]: () => json(200, [video, makeSharedVideo({ id: 10, title: '', description: '' })]) });
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
    stubFetch({ [LIST]: () => json(200, [makeSharedVideo(), makeSharedVideo({ id: 10, title: '' })]) });
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
    const http = stubFetch({ [LIST]: [() => json(200, [preparing]), () => json(200, [makeSharedVideo()])] });
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

  it('mutes the sharer of a card: their videos leave the list, with a toast', async () => {
    const http = stubFetch({
      [LIST]: [() => json(200, [makeSharedVideo()]), () => json(200, [])],
      'POST /vid/api/video/mutes/4': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    await renderWithApp(<SharedVideos />, { path: '/videos' });
    const card = await screen.findByRole('article', { name: 'Guard passing review' });
    await user.click(within(card).getByRole('button', { name: /^Mute Mestre João/ }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'You will no longer see videos shared by Mestre João.',
    );
    expect(await screen.findByText('No Video yet shared!')).toBeVisible();
    expect(http.callsTo('POST /vid/api/video/mutes/4')).toHaveLength(1);
  });

  it('speaks Polish', async () => {
    stubFetch({ [LIST]: () => json(200, [makeSharedVideo()]) });
    await renderWithApp(<SharedVideos />, { path: '/videos', language: 'pl' });
    expect(await screen.findByText('Udostępnione przez: Mestre João')).toBeVisible();
    expect(screen.getByRole('button', { name: /^Wycisz: Mestre João/ })).toBeVisible();
  });
});
