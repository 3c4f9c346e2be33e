import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '@/testing/console-guard';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { useUploadStore } from '../stores/upload-store';
import { UploadForm } from './upload-form';
import { UploadedVideos } from './uploaded-videos';
import { makeUploadedVideo } from './video-fixtures';

const LIST = 'GET /vid/api/video/getall-uploaded';
const CANDIDATES = 'GET /vid/api/video/share-candidates';
/** The list shows the videos as a table and, for a phone, as cards: the tests use the table. */
const table = () => screen.getByRole('table', { name: 'Your uploaded videos' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

afterEach(() => vi.restoreAllMocks());

async function renderList(language: 'en' | 'pl' = 'en') {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<UploadedVideos />, {
    path: '/video-analysis',
    language,
    routes: [
      { path: '/video-analysis', element: <UploadedVideos /> },
      { path: '/video-review/:videoId', element: <h1>Review page</h1> },
    ],
  });
  return user;
}

describe('UploadedVideos', () => {
  it('shows each video with its poster, description, date, martial art, uploader and actions', async () => {
    stubFetch({
      [LIST]: () =>
        json(200, [
          makeUploadedVideo({ analysis: { status: 'completed', progress: 1, message: null } }),
          makeUploadedVideo({
            id: 8,
            description: '',
            studentIdentifier: 'bruno-02',
            martialArt: 'Wrestling',
            posterUrl: null,
            processing: 'pending',
            durationSeconds: null,
          }),
        ]),
    });
    const user = await renderList();
    await within(table()).findByText('Round 2 against Marco');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Poster', 'Description', 'Uploaded at', 'Martial art', 'Uploaded by', 'Actions']);

    const [first, second] = bodyRows();
    const cells = within(first ?? table()).getAllByRole('cell');
    expect(cells[0]?.querySelector('img')).toHaveAttribute('src', makeUploadedVideo().posterUrl);
    expect(cells[0]).toHaveTextContent('1:35');
    expect(cells[1]).toHaveTextContent('Student: ana-01');
    expect(cells[2]).toHaveTextContent(/Mar 15, 2025/);
    expect(cells[3]).toHaveTextContent('Brazilian Jiu-Jitsu (Gi)');
    expect(cells[4]).toHaveTextContent('Ana Souza');
    expect(within(second ?? table()).getByText('Processing…')).toBeVisible();
    expect(within(second ?? table()).getByText('No description')).toBeVisible();
    expect(within(second ?? table()).getByText('Wrestling')).toBeVisible();
    expect(cells[1]).toHaveTextContent('Analysed');
    expect(within(second ?? table()).getByText('Not analysed')).toBeVisible();

    await user.click(within(first ?? table()).getByRole('link', { name: 'View Analysis Results' }));
    expect(await screen.findByRole('heading', { name: 'Review page' })).toBeVisible();
  });

  it('pages ten videos at a time', async () => {
    const videos = Array.from({ length: 12 }, (_, index) =>
      makeUploadedVideo({ id: index + 1, description: `Video ${index + 1}` }),
    );
    stubFetch({ [LIST]: () => json(200, videos) });
    const user = await renderList();
    await within(table()).findByText('Video 1');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(2);
    expect(within(table()).getByText('Video 12')).toBeVisible();
  });

  it('says when there are no videos yet', async () => {
    stubFetch({ [LIST]: () => json(200, []) });
    await renderList();
    expect(await within(table()).findByText('You have not uploaded any videos yet.')).toBeVisible();
  });

  it("shows 'Error fetching uploaded videos: ' and the body when the list fails, and 'Try again' loads it", async () => {
    let serverUp = false;
    const http = stubFetch({
      [LIST]: () => (serverUp ? json(200, [makeUploadedVideo()]) : problem(500, 'Database unavailable')),
    });
    const user = await renderList();
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Error fetching uploaded videos: Database unavailable');
    const asked = http.callsTo(LIST).length;

    serverUp = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(table()).findByRole('row', { name: /Round 2 against Marco/ })).toBeVisible();
    expect(screen.queryByText(/Error fetching uploaded videos/)).toBeNull();
    expect(http.callsTo(LIST)).toHaveLength(asked + 1);
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Error fetching uploaded videos')]);
  });

  it('deletes a video only after the confirmation, then shows the list without it', async () => {
    const video = makeUploadedVideo();
    const http = stubFetch({
      [LIST]: [() => json(200, [video]), () => json(200, [])],
      'DELETE /vid/api/video/delete-uploaded/7': () => json(200, { message: 'The video was deleted.' }),
    });
    const user = await renderList();
    const row = await within(table()).findByRole('row', { name: /Round 2 against Marco/ });

    await user.click(within(row).getByRole('button', { name: 'Delete Round 2 against Marco' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this video?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(http.callsTo('DELETE /vid/api/video/delete-uploaded/7')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Delete Round 2 against Marco' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this video?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    expect(await screen.findByTestId('toast')).toHaveTextContent('The video was deleted.');
    expect(http.callsTo('DELETE /vid/api/video/delete-uploaded/7')).toHaveLength(1);
    expect(await within(table()).findByText('You have not uploaded any videos yet.')).toBeVisible();
  });

  it('names two videos of one student without a description apart by when they came', async () => {
    stubFetch({
      [LIST]: () =>
        json(200, [
          makeUploadedVideo({ id: 7, description: '', studentIdentifier: 'white gi' }),
          makeUploadedVideo({
            id: 8,
            description: '',
            studentIdentifier: 'white gi',
            uploadTimestamp: '2025-03-16T09:05:00Z',
          }),
        ]),
    });
    await renderList();
    const deletes = await within(table()).findAllByRole('button', { name: /^Delete white gi/ });
    const names = deletes.map((button) => button.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(2);
    expect(names[0]).toMatch(/^Delete white gi, uploaded .*2025/);
  });

  it('takes away the note that the last upload duplicated a video once that video is deleted', async () => {
    stubFetch({
      [LIST]: [() => json(200, [makeUploadedVideo()]), () => json(200, [])],
      'DELETE /vid/api/video/delete-uploaded/7': () => json(200, { message: 'The video was deleted.' }),
    });
    useUploadStore.setState({
      phase: 'done',
      outcome: { kind: 'duplicate', message: 'You uploaded this video already.', videoId: 7, signedUrl: '/v/7' },
    });
    const user = userEvent.setup({ delay: null });
    const page = (
      <>
        <UploadForm />
        <UploadedVideos />
      </>
    );
    await renderWithApp(page, { path: '/video-analysis', routes: [{ path: '/video-analysis', element: page }] });
    expect(screen.getByText('You uploaded this video already.')).toBeVisible();
    const row = await within(table()).findByRole('row', { name: /Round 2 against Marco/ });
    await user.click(within(row).getByRole('button', { name: 'Delete Round 2 against Marco' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('You uploaded this video already.')).toBeNull());
    useUploadStore.getState().reset();
  });

  it("shows 'Error deleting video: ' and the body when the delete fails", async () => {
    stubFetch({
      [LIST]: () => json(200, [makeUploadedVideo()]),
      'DELETE /vid/api/video/delete-uploaded/7': () => problem(403, 'Only the uploader may delete this video.'),
    });
    const user = await renderList();
    const row = await within(table()).findByRole('row', { name: /Round 2 against Marco/ });
    await user.click(within(row).getByRole('button', { name: 'Delete Round 2 against Marco' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    // The outcome is a toast, as for a delete that worked; the video stays in the table.
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Error deleting video: Only the uploader may delete this video.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(table()).getByRole('row', { name: /Round 2 against Marco/ })).toBeVisible();
  });

  it('shows the video as pretty-printed JSON, its analysis included', async () => {
    const video = makeUploadedVideo({ aiAnalysisResult: '{"overallDescription":"Good base"}' });
    stubFetch({ [LIST]: () => json(200, [video]), 'GET /vid/api/video/7': () => json(200, video) });
    const user = await renderList();
    const row = await within(table()).findByRole('row', { name: /Round 2 against Marco/ });
    await user.click(within(row).getByRole('button', { name: 'View JSON' }));
    const dialog = await screen.findByRole('dialog', { name: 'Video JSON' });
    const code = within(dialog).getByLabelText('Video JSON');
    expect(code.textContent).toContain('"studentIdentifier": "ana-01"');
    expect(code.textContent).toContain('"aiAnalysisResult": {\n    "overallDescription": "Good base"\n  }');
  });

  it('shares a video with the chosen fighters and says with how many', async () => {
    const http = stubFetch({
      [LIST]: () => json(200, [makeUploadedVideo()]),
      [CANDIDATES]: () =>
        json(200, {
          fighters: [
            { fighterId: 11, fighterName: 'Bruno Lima' },
            { fighterId: 12, fighterName: 'Carla Dias' },
            { fighterId: 13, fighterName: 'Davi Rocha' },
          ],
          sessions: [{ id: 4, trainingDate: '2025-03-20T18:00:00Z', description: 'Open mat', students: 6 }],
        }),
      'POST /vid/api/video/7/share': () => json(200, { sharedWith: 2 }),
    });
    const user = await renderList();
    const row = await within(table()).findByRole('row', { name: /Round 2 against Marco/ });
    await user.click(within(row).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this video' });

    // Nobody chosen: the dialog asks first and sends nothing.
    await user.click(await within(dialog).findByRole('button', { name: 'Share' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the fighters or the session to share with.');
    expect(http.callsTo('POST /vid/api/video/7/share')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Bruno Lima' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Davi Rocha' }));
    await user.type(within(dialog).getByLabelText('Title (optional)'), 'Watch your frames');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    // The outcome is a toast, and the dialog's work is done.
    const shown = await screen.findByTestId('toast');
    expect(shown).toHaveTextContent('Video shared');
    expect(shown).toHaveTextContent('Shared with 2 fighters.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share this video' })).toBeNull());
    expect(http.callsTo('POST /vid/api/video/7/share')[0]?.body).toEqual({
      fighterIds: [11, 13],
      title: 'Watch your frames',
    });
  });

  it('filters a long list of fighters by name, with or without Polish letters', async () => {
    const names = [
      'Łukasz Żak',
      'Zofia Lis',
      'Adam Nowak',
      'Karol Ćwik',
      'Ola Kot',
      'Piotr Mazur',
      'Ewa Bąk',
      'Jan Duda',
      'Iga Wójcik',
    ];
    stubFetch({
      [LIST]: () => json(200, [makeUploadedVideo()]),
      [CANDIDATES]: () =>
        json(200, { fighters: names.map((fighterName, i) => ({ fighterId: 20 + i, fighterName })), sessions: [] }),
    });
    const user = await renderList();
    const row = await within(table()).findByRole('row', { name: /Round 2 against Marco/ });
    await user.click(within(row).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this video' });
    const filter = await within(dialog).findByLabelText('Filter fighters by name');
    const shown = () =>
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent);

    await user.type(filter, 'lukasz');
    expect(shown()).toEqual(['Łukasz Żak']);
    await user.clear(filter);
    await user.type(filter, 'ŻAK');
    expect(shown()).toEqual(['Łukasz Żak']);
    await user.clear(filter);
    await user.type(filter, 'bak');
    expect(shown()).toEqual(['Ewa Bąk']);
  });

  it('shares a video with a whole session, and tells a refusal in a toast, the choice kept to try again', async () => {
    const http = stubFetch({
      [LIST]: () => json(200, [makeUploadedVideo()]),
      [CANDIDATES]: () =>
        json(200, {
          fighters: [],
          sessions: [{ id: 4, trainingDate: '2025-03-20T18:00:00Z', description: 'Open mat', students: 6 }],
        }),
      'POST /vid/api/video/7/share': [
        () => problem(403, 'You may share only your own sessions.'),
        () => json(200, { sharedWith: 1 }),
      ],
    });
    const user = await renderList();
    const row = await within(table()).findByRole('row', { name: /Round 2 against Marco/ });
    await user.click(within(row).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this video' });
    expect(await within(dialog).findByText(/once you have trained in a class together/)).toBeVisible();

    await user.selectOptions(within(dialog).getByLabelText('Or a whole session'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    const refusal = await screen.findByTestId('toast');
    expect(refusal).toHaveTextContent('The video could not be shared.');
    expect(refusal).toHaveTextContent('You may share only your own sessions.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByLabelText('Or a whole session')).toHaveValue('4');

    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Shared with 1 fighter.'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Video shared');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share this video' })).toBeNull());
    expect(http.callsTo('POST /vid/api/video/7/share').map((call) => call.body)).toEqual([
      { sessionId: 4 },
      { sessionId: 4 },
    ]);
  });

  it("says when the people to share with cannot load, and 'Try again' loads them", async () => {
    let serverUp = false;
    const http = stubFetch({
      [LIST]: () => json(200, [makeUploadedVideo()]),
      [CANDIDATES]: () =>
        serverUp
          ? json(200, { fighters: [{ fighterId: 11, fighterName: 'Bruno Lima' }], sessions: [] })
          : problem(503, 'The service is busy.'),
    });
    const user = await renderList();
    const row = await within(table()).findByRole('row', { name: /Round 2 against Marco/ });
    await user.click(within(row).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this video' });
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Could not load the people you can share with: The service is busy.');
    const asked = http.callsTo(CANDIDATES).length;

    serverUp = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Bruno Lima' })).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(http.callsTo(CANDIDATES)).toHaveLength(asked + 1);
  });

  it('starts the analysis of a video, and shows its progress and why one failed', async () => {
    const running = makeUploadedVideo({ analysis: { status: 'running', progress: 0.35, message: null } });
    const failed = makeUploadedVideo({
      id: 9,
      description: 'Round 3',
      analysis: { status: 'failed', progress: 0, message: 'The video could not be decoded.' },
    });
    const http = stubFetch({
      [LIST]: [() => json(200, [makeUploadedVideo()]), () => json(200, [running, failed])],
      'POST /vid/api/video/analyze/7': () => json(202, { message: 'Analysis started.', videoId: 7 }),
      'POST /vid/api/video/analyze/9': () => json(200, { message: 'Analysis started.', videoId: 9 }),
    });
    const user = await renderList();
    await user.click(await within(table()).findByRole('button', { name: 'Analyse' }));
    expect(await screen.findByText('Analysis Started')).toBeVisible();
    expect(http.callsTo('POST /vid/api/video/analyze/7')).toHaveLength(1);
    expect(await within(table()).findByText('Analysing… 35 %')).toBeVisible();
    expect(within(table()).getByRole('progressbar', { name: 'Analysis' })).toHaveAttribute('aria-valuenow', '35');
    expect(within(table()).getByText('The video could not be decoded.')).toBeVisible();
    // A 200 where 202 was due is not taken for a start.
    await user.click(within(table()).getByRole('button', { name: 'Analyse again' }));
    expect(await screen.findByText('Unexpected Response')).toBeVisible();
  });

  it('never shows a running analysis at 100 %: the frames are read, the findings not yet written', async () => {
    const writing = makeUploadedVideo({ analysis: { status: 'running', progress: 1, message: null } });
    stubFetch({ [LIST]: () => json(200, [writing]) });
    await renderList();
    expect(await within(table()).findByText('Analysing… 99 %')).toBeVisible();
    expect(within(table()).getByRole('progressbar', { name: 'Analysis' })).toHaveAttribute('aria-valuenow', '99');
  });

  it('keeps View Analysis Results while a new analysis is queued or running, and after it failed', async () => {
    const result = '{"overallDescription":"Good base"}';
    stubFetch({
      [LIST]: () =>
        json(200, [
          makeUploadedVideo({ aiAnalysisResult: result, analysis: { status: 'queued', progress: 0, message: null } }),
          makeUploadedVideo({
            id: 8,
            description: 'Round 3',
            aiAnalysisResult: result,
            analysis: { status: 'running', progress: 0.5, message: null },
          }),
          makeUploadedVideo({
            id: 9,
            description: 'Round 4',
            aiAnalysisResult: result,
            analysis: { status: 'failed', progress: 0, message: 'The video could not be decoded.' },
          }),
          makeUploadedVideo({
            id: 10,
            description: 'Round 5',
            analysis: { status: 'running', progress: 0.2, message: null },
          }),
        ]),
    });
    const user = await renderList();
    const queued = await within(table()).findByRole('row', { name: /Round 2 against Marco/ });
    const running = within(table()).getByRole('row', { name: /Round 3/ });
    const failed = within(table()).getByRole('row', { name: /Round 4/ });
    const first = within(table()).getByRole('row', { name: /Round 5/ });

    expect(within(queued).getByRole('link', { name: 'View Analysis Results' })).toHaveAttribute(
      'href',
      '/video-review/7',
    );
    expect(within(queued).getByRole('button', { name: 'Analyse again' })).toBeDisabled();
    expect(within(running).getByRole('link', { name: 'View Analysis Results' })).toHaveAttribute(
      'href',
      '/video-review/8',
    );
    expect(within(running).getByRole('button', { name: 'Analyse again' })).toBeDisabled();
    expect(within(failed).getByRole('link', { name: 'View Analysis Results' })).toHaveAttribute(
      'href',
      '/video-review/9',
    );
    expect(within(failed).getByRole('button', { name: 'Analyse again' })).toBeEnabled();
    // A first analysis still running has no results to show yet.
    expect(within(first).queryByRole('link', { name: 'View Analysis Results' })).toBeNull();
    expect(within(first).getByRole('button', { name: 'Analyse' })).toBeDisabled();

    await user.click(within(failed).getByRole('link', { name: 'View Analysis Results' }));
    expect(await screen.findByRole('heading', { name: 'Review page' })).toBeVisible();
  });

  it("says why the server would not analyse again (asked too soon), else 'There was an error analyzing…'", async () => {
    const failed = makeUploadedVideo({
      aiAnalysisResult: '{"overallDescription":"Good base"}',
      analysis: { status: 'failed', progress: 0, message: null },
    });
    stubFetch({
      [LIST]: () => json(200, [failed]),
      'POST /vid/api/video/analyze/7': [
        () =>
          json(
            429,
            {
              type: 'about:blank',
              title: 'Too Many Requests',
              status: 429,
              detail: 'This video was analysed a moment ago. You can ask again in 4 minutes.',
            },
            { 'retry-after': '240' },
          ),
        () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
      ],
    });
    const user = await renderList();
    const row = await within(table()).findByRole('row', { name: /Round 2 against Marco/ });

    await user.click(within(row).getByRole('button', { name: 'Analyse again' }));
    const tooSoon = await screen.findByTestId('toast');
    expect(tooSoon).toHaveTextContent('Analysis Failed');
    expect(tooSoon).toHaveTextContent('This video was analysed a moment ago. You can ask again in 4 minutes.');
    expect(tooSoon).not.toHaveTextContent('There was an error analyzing your video.');

    // An answer without the server's words gives the spec's text.
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Analyse again' })).toBeEnabled());
    await user.click(within(row).getByRole('button', { name: 'Analyse again' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'There was an error analyzing your video. Please try again.',
      ),
    );
    expect(screen.getByTestId('toast')).toHaveTextContent('Analysis Failed');
  });

  it('speaks Polish', async () => {
    stubFetch({
      [LIST]: () => json(200, [makeUploadedVideo({ analysis: { status: 'completed', progress: 1, message: null } })]),
    });
    await renderList('pl');
    const polish = screen.getByRole('table', { name: 'Twoje przesłane filmy' });
    expect(await within(polish).findByText('Brazylijskie jiu-jitsu (gi)')).toBeVisible();
    expect(within(polish).getByRole('link', { name: 'Zobacz wyniki analizy' })).toHaveAttribute(
      'href',
      '/video-review/7',
    );
    await waitFor(() => expect(within(polish).getByRole('button', { name: 'Pokaż JSON' })).toBeVisible());
  });
});
