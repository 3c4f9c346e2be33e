import { ROLE_STUDENT } from '@openmat/contract/enums';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '@/features/auth/auth-actions';
import { signedOut, useAuthStore } from '@/features/auth/stores/auth-store';
import { makeUploadedVideo } from '@/features/videos/components/video-fixtures';
import { useUploadStore } from '@/features/videos/stores/upload-store';
import { connectNavigation } from '@/lib/navigation';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { routeXhrThroughFetch } from '@/testing/fetch-xhr';
import { signInAs } from '@/testing/auth';
import { renderWithApp } from '@/testing/render';
import { VideoAnalysisRoute } from './video-analysis';
import { VideosRoute } from './videos';

vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'));

const LIST = 'GET /vid/api/video/getall-uploaded';
const UPLOAD_URL = '/vid/api/video/uploads/xyz';

function signIn() {
  signInAs('ana@example.com', { id: 3, fighterName: 'Ana Souza', role: ROLE_STUDENT, beltColor: 'Blue' });
}

afterEach(() => {
  useUploadStore.getState().reset();
  useAuthStore.setState(signedOut);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Ana opens Video Analysis and starts uploading her private round; answers the user-event session. */
async function startAnasUpload() {
  const user = userEvent.setup({ delay: null });
  await renderWithApp(<VideoAnalysisRoute />, { path: '/video-analysis' });
  await user.upload(
    screen.getByLabelText('Video file (MP4 or AVI)'),
    new File(['0123456789'], 'ana-private-round.mov', { type: 'video/quicktime' }),
  );
  await user.type(screen.getByLabelText('Student identifier'), 'ana-01');
  await user.type(screen.getByLabelText('Description (optional)'), 'Ana against Marco');
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  return user;
}

/** Bruno signs in on the same tab and opens Video Analysis: nothing of Ana's upload is in the form. */
async function nextUserSeesAnEmptyForm() {
  signInAs('bruno@example.com', { id: 4, fighterName: 'Bruno Lima', role: ROLE_STUDENT, beltColor: 'White' });
  await renderWithApp(<VideoAnalysisRoute />, { path: '/video-analysis' });
  expect(screen.getByText('Choose a video')).toBeVisible();
  expect(screen.queryByText('ana-private-round.mov')).toBeNull();
  expect(screen.getByLabelText('Student identifier')).toHaveValue('');
  expect(screen.getByLabelText('Description (optional)')).toHaveValue('');
}

describe('VideoAnalysisRoute', () => {
  it('lets a signed-in student upload a video, which then shows in the table', async () => {
    signIn();
    routeXhrThroughFetch();
    const uploaded = makeUploadedVideo({
      id: 42,
      description: 'Open mat round',
      posterUrl: null,
      processing: 'pending',
    });
    stubFetch({
      [LIST]: [() => json(200, []), () => json(200, [uploaded])],
      'POST /vid/api/video/uploads': () => new Response(null, { status: 201, headers: { Location: UPLOAD_URL } }),
      [`PATCH ${UPLOAD_URL}`]: () =>
        new Response(null, { status: 204, headers: { 'Upload-Offset': '3', 'Video-Id': '42' } }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<VideoAnalysisRoute />, { path: '/video-analysis' });
    expect(screen.getByRole('heading', { level: 1, name: 'Video analysis' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Your uploaded videos' });
    expect(await within(table).findByText('You have not uploaded any videos yet.')).toBeVisible();

    await user.upload(
      screen.getByLabelText('Video file (MP4 or AVI)'),
      new File(['abc'], 'open-mat.mov', { type: 'video/quicktime' }),
    );
    await user.type(screen.getByLabelText('Student identifier'), 'ana-01');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Upload complete');
    expect(await within(table).findByText('Open mat round')).toBeVisible();
    expect(within(table).getByText('Processing…')).toBeVisible();
  });

  it('forgets an upload under way when the user logs out: nothing more is sent, and the next user sees none of it', async () => {
    signIn();
    routeXhrThroughFetch();
    const navigate = vi.fn<(to: string) => void>();
    connectNavigation(navigate);
    const PATCH = `PATCH ${UPLOAD_URL}`;
    let answerFirstPatch: (response: Response) => void = () => undefined;
    const http = stubFetch({
      [LIST]: () => json(200, []),
      'POST /vid/api/video/uploads': () => new Response(null, { status: 201, headers: { Location: UPLOAD_URL } }),
      [PATCH]: [
        () => new Promise<Response>((resolve) => (answerFirstPatch = resolve)),
        // What a piece sent after the logout would get: it has no session any more.
        () => problem(401, 'Sign in to continue.'),
      ],
      'POST /api/auth/v1/logout': () => new Response(null, { status: 204 }),
    });
    await startAnasUpload();
    await waitFor(() => expect(http.callsTo(PATCH)).toHaveLength(1));

    act(() => logout());
    // The piece under way is answered after all, as if the server had part of the file.
    answerFirstPatch(new Response(null, { status: 204, headers: { 'Upload-Offset': '4' } }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    // Logout went home as usual: no refused request sent the user to /login, and no 'Upload Failed'.
    expect(navigate.mock.calls).toEqual([['/home']]);
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(http.callsTo(PATCH)).toHaveLength(1);

    // Someone else signs in on the same tab.
    cleanup();
    await nextUserSeesAnEmptyForm();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByText('Upload Failed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('does not offer the next user of the tab a paused upload of the one who logged out, with its file and fields', async () => {
    signIn();
    routeXhrThroughFetch();
    connectNavigation(vi.fn<(to: string) => void>());
    const PATCH = `PATCH ${UPLOAD_URL}`;
    const http = stubFetch({
      [LIST]: () => json(200, []),
      'POST /vid/api/video/uploads': () => new Response(null, { status: 201, headers: { Location: UPLOAD_URL } }),
      [PATCH]: () => new Promise<Response>(() => undefined),
      'POST /api/auth/v1/logout': () => new Response(null, { status: 204 }),
    });
    const user = await startAnasUpload();
    await waitFor(() => expect(http.callsTo(PATCH)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Resume' })).toBeVisible();

    act(() => logout());
    cleanup();
    await nextUserSeesAnEmptyForm();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    // Nor does choosing the same file with the same fields go on with the upload of the one who left.
    await waitFor(() => expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]));
  });

  it('shows no upload form without a session token', async () => {
    stubFetch({ [LIST]: () => json(200, []) });
    await renderWithApp(<VideoAnalysisRoute />, { path: '/video-analysis' });
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Your uploaded videos' })).toBeInTheDocument();
  });

  it('shows the form only to a student or an instructor: an account with no fighter profile is sent to make one', async () => {
    useAuthStore.setState({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      loginStatus: 'authenticated',
      user: { email: 'new@example.com', isEmailConfirmed: true, fighterInfo: null },
    });
    stubFetch({ [LIST]: () => json(200, []) });
    await renderWithApp(<VideoAnalysisRoute />, { path: '/video-analysis', language: 'pl' });
    expect(screen.queryByRole('button', { name: 'Prześlij' })).toBeNull();
    expect(screen.queryByLabelText(/Plik wideo/)).toBeNull();
    expect(screen.getByText('Aby przesyłać nagrania, najpierw uzupełnij profil zawodnika.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Uzupełnij profil' })).toHaveAttribute('href', '/profile');
  });
});

describe('VideosRoute', () => {
  it('shows the shared videos page', async () => {
    signIn();
    stubFetch({ 'GET /vid/api/video/getall': () => json(200, []) });
    await renderWithApp(<VideosRoute />, { path: '/videos' });
    expect(screen.getByRole('heading', { level: 1, name: 'Shared videos' })).toBeVisible();
    expect(await screen.findByText('No Video yet shared!')).toBeVisible();
  });
});
