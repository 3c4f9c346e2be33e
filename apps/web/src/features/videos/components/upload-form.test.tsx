import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSession } from '@/lib/api-client';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { routeXhrThroughFetch } from '@/testing/fetch-xhr';
import { renderWithApp } from '@/testing/render';
import { useUploadStore } from '../stores/upload-store';
import { UploadForm } from './upload-form';

// The browser build of tus-js-client (XMLHttpRequest and localStorage), as the app runs it.
vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'));

const CREATE = 'POST /vid/api/video/uploads';
const UPLOAD_URL = '/vid/api/video/uploads/abc123';
const PATCH = `PATCH ${UPLOAD_URL}`;
const HEAD = `HEAD ${UPLOAD_URL}`;

const video = (name = 'round-2.mp4', type = 'video/mp4') => new File(['0123456789'], name, { type });

const created = () => new Response(null, { status: 201, headers: { Location: UPLOAD_URL, 'Tus-Resumable': '1.0.0' } });
const accepted = (headers: Record<string, string> = {}) =>
  new Response(null, { status: 204, headers: { 'Upload-Offset': '10', 'Tus-Resumable': '1.0.0', ...headers } });

/** tus metadata: `key base64(value)` pairs, comma-separated. */
function metadataOf(call: RecordedCall | undefined): Record<string, string> {
  const header = call?.headers['upload-metadata'] ?? '';
  return Object.fromEntries(
    header.split(',').map((pair) => {
      const [key = '', value = ''] = pair.split(' ');
      return [key, new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))];
    }),
  );
}

let token = 'access-1';
const session = { refresh: vi.fn(async () => true), sessionLost: vi.fn() };

beforeEach(() => {
  token = 'access-1';
  session.refresh.mockReset().mockImplementation(async () => {
    token = 'access-2';
    return true;
  });
  session.sessionLost.mockReset();
  connectSession({ accessToken: () => token, ...session });
  routeXhrThroughFetch();
});

afterEach(() => {
  useUploadStore.getState().controller?.cancel();
  useUploadStore.getState().reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderForm(language: 'en' | 'pl' = 'en') {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<UploadForm />, { path: '/video-analysis', language });
  return user;
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, file = video()) {
  await user.upload(screen.getByLabelText('Video file (MP4 or AVI)'), file);
  await user.type(screen.getByLabelText('Student identifier'), ' ana-01 ');
  await user.type(screen.getByLabelText('Description (optional)'), 'Round 2');
  await user.click(screen.getByRole('button', { name: 'Upload' }));
}

const toast = () => screen.findByTestId('toast');

/** After an upload the analysis is asked for: 202 for every video id the tests upload. */
const ANALYZE = Object.fromEntries(
  [42, 43, 44, 45, 46, 47].map((id) => [
    `POST /vid/api/video/analyze/${id}`,
    () => json(202, { message: 'Analysis started.', videoId: id }),
  ]),
);

/** An upload ends with the inline note 'Upload complete', then the toast of the analysis it starts. */
async function uploadedAndAnalysing() {
  expect(
    await screen.findByText('Your video is in the list below. Its preview appears as soon as it has been processed.'),
  ).toBeVisible();
  expect(await screen.findByText('Analysis Started')).toBeVisible();
}

describe('UploadForm', () => {
  it('asks for a file and a student identifier before sending anything, with the focus on the file', async () => {
    const http = stubFetch({});
    const user = await renderForm();
    expect(screen.getByLabelText('Martial art')).toHaveValue('BrazilianJiuJitsu_GI');
    expect(screen.getByLabelText('Video file (MP4 or AVI)')).toHaveAttribute('accept', expect.stringContaining('.mp4'));
    // How to film a roll the analysis can read, said before anything is uploaded.
    expect(screen.getByLabelText('Video file (MP4 or AVI)')).toHaveAccessibleDescription(
      expect.stringContaining('filmed from the side at about hip height'),
    );

    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(screen.getByText('Please select a video file')).toBeVisible();
    expect(screen.getByText('Please provide a student identifier')).toBeVisible();
    expect(screen.getByLabelText('Student identifier')).toHaveAccessibleDescription(
      expect.stringContaining('Please provide a student identifier'),
    );
    expect(screen.getByLabelText('Video file (MP4 or AVI)')).toHaveFocus();
    expect(http.calls).toEqual([]);

    await user.upload(screen.getByLabelText('Video file (MP4 or AVI)'), video());
    expect(screen.queryByText('Please select a video file')).toBeNull();
    expect(screen.getByText('round-2.mp4')).toBeVisible();
  });

  it('says how long the description is near its limit, where a longer paste is cut', async () => {
    stubFetch({});
    await renderForm();
    const description = screen.getByLabelText('Description (optional)');
    fireEvent.change(description, { target: { value: 'x'.repeat(1500) } });
    expect(description).not.toHaveAccessibleDescription(expect.stringContaining('characters'));
    fireEvent.change(description, { target: { value: 'x'.repeat(2000) } });
    expect(description).toHaveAccessibleDescription('2000 of 2000 characters: a longer description is cut at 2000.');
  });

  it('refuses a file that is not one of the accepted videos', async () => {
    stubFetch({});
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await renderWithApp(<UploadForm />, { path: '/video-analysis' });
    await user.upload(
      screen.getByLabelText('Video file (MP4 or AVI)'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    await user.type(screen.getByLabelText('Student identifier'), 'ana-01');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText(/This file is not a video the app accepts/)).toBeVisible();
  });

  it('sends the video with tus, with the bearer token and the fields as metadata, and says when it is done', async () => {
    const http = stubFetch({ ...ANALYZE, [CREATE]: created, [PATCH]: () => accepted({ 'Video-Id': '42' }) });
    const user = await renderForm();
    await fillAndSubmit(user);

    await uploadedAndAnalysing();
    expect(http.callsTo('POST /vid/api/video/analyze/42')).toHaveLength(1);
    expect(useUploadStore.getState().outcome).toEqual({ kind: 'uploaded', videoId: 42 });

    const [creation] = http.callsTo(CREATE);
    expect(creation?.headers.authorization).toBe('Bearer access-1');
    expect(creation?.headers['upload-length']).toBe('10');
    expect(metadataOf(creation)).toEqual({
      filename: 'round-2.mp4',
      filetype: 'video/mp4',
      description: 'Round 2',
      studentIdentifier: 'ana-01',
      martialArt: 'BrazilianJiuJitsu_GI',
    });
    const [patch] = http.callsTo(PATCH);
    expect(patch?.headers.authorization).toBe('Bearer access-1');
    expect(patch?.headers['upload-offset']).toBe('0');
    // The form is ready for the next video.
    expect(screen.getByText('Choose a video')).toBeVisible();
    expect(screen.getByLabelText('Student identifier')).toHaveValue(' ana-01 ');
  });

  it("lets an instructor name the athlete among their roster's students, sent as tus metadata", async () => {
    const http = stubFetch({
      ...ANALYZE,
      'GET /vid/api/video/athletes': () =>
        json(200, [
          { fighterId: 3, fighterName: 'Ana Souza', beltColor: 'Blue' },
          { fighterId: 5, fighterName: 'Bianca Lima', beltColor: null },
        ]),
      [CREATE]: created,
      [PATCH]: () => accepted({ 'Video-Id': '43' }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<UploadForm canNameAthlete />, { path: '/video-analysis' });
    const picker = screen.getByLabelText('The athlete in the video (optional)');
    expect(await within(picker).findByRole('option', { name: 'Ana Souza (Blue)' })).toBeInTheDocument();
    expect(picker).toHaveValue('');
    await user.selectOptions(picker, 'Ana Souza (Blue)');
    await fillAndSubmit(user);
    await uploadedAndAnalysing();
    expect(metadataOf(http.callsTo(CREATE)[0])).toMatchObject({ studentIdentifier: 'ana-01', fighterId: '3' });
  });

  it("offers no athlete picker for a student's own upload, and sends no athlete", async () => {
    const http = stubFetch({ ...ANALYZE, [CREATE]: created, [PATCH]: () => accepted({ 'Video-Id': '44' }) });
    const user = await renderForm();
    expect(screen.queryByLabelText('The athlete in the video (optional)')).toBeNull();
    await fillAndSubmit(user);
    await uploadedAndAnalysing();
    expect(metadataOf(http.callsTo(CREATE)[0])).not.toHaveProperty('fighterId');
    expect(http.callsTo('GET /vid/api/video/athletes')).toEqual([]);
  });

  it('treats a 409 at the end as a duplicate, not a failure: toast and note with the server message', async () => {
    const duplicate = { message: 'You already uploaded this video.', videoId: 5, signedUrl: '/v/5' };
    const http = stubFetch({ ...ANALYZE, [CREATE]: created, [PATCH]: () => json(409, duplicate) });
    const user = await renderForm();
    await fillAndSubmit(user);

    const shown = await toast();
    expect(shown).toHaveTextContent('Duplicate Video Detected');
    expect(shown).toHaveTextContent('You already uploaded this video.');
    expect(screen.queryByText('Upload Failed')).toBeNull();
    expect(screen.getAllByText('You already uploaded this video.')).toHaveLength(2);
    // A duplicate is final: it is not sent again.
    expect(http.callsTo(PATCH)).toHaveLength(1);
  });

  it('shows Upload Failed, as a toast and inline, with the server message and its field messages', async () => {
    stubFetch({
      [CREATE]: () =>
        json(400, { message: 'The fields of the upload are not valid.', errors: { studentIdentifier: ['Too long.'] } }),
    });
    const user = await renderForm();
    await fillAndSubmit(user);

    const shown = await toast();
    expect(shown).toHaveTextContent('Upload Failed');
    expect(shown).toHaveTextContent('The fields of the upload are not valid.');
    const inline = screen.getAllByText('Upload Failed').find((element) => !shown.contains(element));
    expect(inline).toBeVisible();
    expect(screen.getByText('Too long.')).toBeVisible();
    // The form keeps what was typed, to try again.
    expect(screen.getByLabelText('Student identifier')).toHaveValue(' ana-01 ');
  });

  it('says a file over the limit is too large (413)', async () => {
    stubFetch({
      ...ANALYZE,
      [CREATE]: created,
      [PATCH]: () => json(413, { message: 'Videos may be at most 2048 MB.' }),
    });
    const user = await renderForm();
    await fillAndSubmit(user);
    const shown = await toast();
    expect(shown).toHaveTextContent('Upload Failed');
    expect(shown).toHaveTextContent('Videos may be at most 2048 MB.');
  });

  it('falls back to the status text when the refusal has no message', async () => {
    stubFetch({ ...ANALYZE, [CREATE]: () => new Response('nope', { status: 403, statusText: 'Forbidden' }) });
    const user = await renderForm();
    await fillAndSubmit(user);
    expect(await toast()).toHaveTextContent('Forbidden');
  });

  it('refreshes the session once on a 401 and sends the request again with the new token', async () => {
    const http = stubFetch({
      ...ANALYZE,
      [CREATE]: [() => json(401, { type: 'about:blank', title: 'Unauthorized', status: 401 }), created],
      [PATCH]: () => accepted({ 'Video-Id': '43' }),
    });
    const user = await renderForm();
    await fillAndSubmit(user);

    await uploadedAndAnalysing();
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(http.callsTo(CREATE).map((call) => call.headers.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
    expect(http.callsTo(PATCH)[0]?.headers.authorization).toBe('Bearer access-2');
    expect(session.sessionLost).not.toHaveBeenCalled();
  });

  it('pauses and resumes where the server says it stands, with the progress bar in between', async () => {
    let answerFirstPatch: (response: Response) => void = () => undefined;
    const http = stubFetch({
      ...ANALYZE,
      [CREATE]: created,
      [PATCH]: [
        () => new Promise<Response>((resolve) => (answerFirstPatch = resolve)),
        () => accepted({ 'Video-Id': '44' }),
      ],
      [HEAD]: () =>
        new Response(null, {
          status: 200,
          headers: { 'Upload-Offset': '0', 'Upload-Length': '10', 'Tus-Resumable': '1.0.0' },
        }),
    });
    const user = await renderForm();
    await fillAndSubmit(user);

    const progress = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByLabelText('Student identifier')).toBeDisabled();
    await waitFor(() => expect(http.callsTo(PATCH)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByText('Paused. Resume whenever you are ready.')).toBeVisible();
    answerFirstPatch(accepted());

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await uploadedAndAnalysing();
    expect(http.callsTo(HEAD)).toHaveLength(1);
    expect(http.callsTo(PATCH)).toHaveLength(2);
    expect(useUploadStore.getState().outcome).toEqual({ kind: 'uploaded', videoId: 44 });
  });

  it('cancels an upload only after asking, since what was sent is discarded', async () => {
    const http = stubFetch({
      ...ANALYZE,
      [CREATE]: created,
      [PATCH]: () => new Promise<Response>(() => undefined),
      [`DELETE ${UPLOAD_URL}`]: () => new Response(null, { status: 204 }),
    });
    const user = await renderForm();
    await fillAndSubmit(user);
    await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(http.callsTo(PATCH)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = screen.getByRole('alertdialog', { name: 'Cancel this upload?' });
    await user.click(within(question).getByRole('button', { name: 'Keep uploading' }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Cancel this upload?' })).getByRole('button', {
        name: 'Cancel upload',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull());
  });

  it('goes on after a reload with the unfinished upload of the same file and fields', async () => {
    const http = stubFetch({
      ...ANALYZE,
      [CREATE]: created,
      [PATCH]: [() => new Promise<Response>(() => undefined), () => accepted({ 'Video-Id': '45' })],
      [HEAD]: () =>
        new Response(null, {
          status: 200,
          headers: { 'Upload-Offset': '4', 'Upload-Length': '10', 'Tus-Resumable': '1.0.0' },
        }),
    });
    const file = video();
    const first = await renderForm();
    await fillAndSubmit(first, file);
    await waitFor(() => expect(http.callsTo(PATCH)).toHaveLength(1));

    // The page is left mid-upload and opened again: only what the browser stored remains.
    cleanup();
    useUploadStore.getState().reset();
    const again = await renderForm();
    await fillAndSubmit(again, file);

    await uploadedAndAnalysing();
    expect(http.callsTo(CREATE)).toHaveLength(1);
    expect(http.callsTo(HEAD)).toHaveLength(1);
    expect(http.callsTo(PATCH)[1]?.headers['upload-offset']).toBe('4');
  });

  it('waits where it stopped when the network goes away, and goes on by itself when it is back', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const http = stubFetch({
      ...ANALYZE,
      [CREATE]: created,
      [PATCH]: [
        () => {
          online.mockReturnValue(false);
          return Promise.reject(new TypeError('Failed to fetch'));
        },
        () => accepted({ 'Video-Id': '46' }),
      ],
      [HEAD]: () =>
        new Response(null, {
          status: 200,
          headers: { 'Upload-Offset': '6', 'Upload-Length': '10', 'Tus-Resumable': '1.0.0' },
        }),
    });
    const user = await renderForm();
    await fillAndSubmit(user);

    expect(await screen.findByText(/The connection was lost\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeVisible();
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(useUploadStore.getState()).toMatchObject({ phase: 'paused', interrupted: true, outcome: null });
    // Nothing is forgotten: a reload with the same file would go on from the server's offset too.
    expect(Object.keys(localStorage).some((key) => key.startsWith('tus::'))).toBe(true);

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await uploadedAndAnalysing();
    expect(http.callsTo(CREATE)).toHaveLength(1);
    expect(http.callsTo(HEAD)).toHaveLength(1);
    expect(http.callsTo(PATCH)[1]?.headers['upload-offset']).toBe('6');
    expect(useUploadStore.getState().outcome).toEqual({ kind: 'uploaded', videoId: 46 });
  });

  it('does not hang on a request the lost network left open: the browser going offline pauses it', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const http = stubFetch({
      ...ANALYZE,
      [CREATE]: created,
      // The request that was under way when the Wi-Fi went: no answer, no error, ever.
      [PATCH]: [() => new Promise<Response>(() => undefined), () => accepted({ 'Video-Id': '47' })],
      [HEAD]: () =>
        new Response(null, {
          status: 200,
          headers: { 'Upload-Offset': '3', 'Upload-Length': '10', 'Tus-Resumable': '1.0.0' },
        }),
    });
    const user = await renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(http.callsTo(PATCH)).toHaveLength(1));

    online.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/The connection was lost\./)).toBeVisible();

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await uploadedAndAnalysing();
    expect(http.callsTo(PATCH)[1]?.headers['upload-offset']).toBe('3');
  });

  it('stays paused when the user paused it, whatever the network does', async () => {
    const http = stubFetch({
      ...ANALYZE,
      [CREATE]: created,
      [PATCH]: () => new Promise<Response>(() => undefined),
    });
    const user = await renderForm();
    await fillAndSubmit(user);
    await waitFor(() => expect(http.callsTo(PATCH)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(screen.getByText('Paused. Resume whenever you are ready.')).toBeVisible();
    expect(http.callsTo(HEAD)).toHaveLength(0);
    expect(http.callsTo(PATCH)).toHaveLength(1);
  });

  it('speaks Polish', async () => {
    stubFetch({});
    const user = await renderForm('pl');
    await user.click(screen.getByRole('button', { name: 'Prześlij' }));
    const form = screen.getByRole('button', { name: 'Prześlij' }).closest('form');
    expect(form).not.toBeNull();
    expect(within(form ?? document.body).getByText('Wybierz plik wideo')).toBeVisible();
    expect(screen.getByLabelText('Plik wideo (MP4 lub AVI)')).toBeInTheDocument();
  });
});
