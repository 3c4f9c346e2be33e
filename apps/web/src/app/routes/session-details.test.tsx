import { ROLE_INSTRUCTOR, ROLE_STUDENT } from '@openmat/contract/enums';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '@/features/auth/stores/auth-store';
import { makeCurriculum } from '@/features/coach/components/curriculum-fixtures';
import { INSTRUCTOR, makeSessionDetails } from '@/features/sessions/components/session-fixtures';
import { clickOk } from '@/testing/alert-dialog';
import { json, stubFetch } from '@/testing/fetch-stub';
import { signInAs } from '@/testing/auth';
import { renderWithApp } from '@/testing/render';
import { SessionDetailsRoute } from './session-details';

const STUDENT_ID = 11;
/** A session that has not ended, so that a student may check in. */
const SESSION = makeSessionDetails({ id: 7, trainingDate: new Date(Date.now() + 24 * 3_600_000).toISOString() });

afterEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState(signedOut);
});

function signInAsStudent() {
  signInAs('stella@example.com', {
    id: STUDENT_ID,
    fighterName: 'Stella Student',
    role: ROLE_STUDENT,
    beltColor: 'White',
  });
}

describe('SessionDetailsRoute', () => {
  it('asks for the lesson plan only once the student is on the roster, as the server allows', async () => {
    signInAsStudent();
    const planned = { ...SESSION, isCurriculumGenerated: true };
    const { callsTo } = stubFetch({
      'GET /api/trainingsession/7': () => json(200, planned),
      'POST /api/trainingsession/7/checkin': () => json(200, { ...planned, studentIds: [STUDENT_ID] }),
      'GET /vid/api/video/7/curriculum': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<SessionDetailsRoute />, {
      path: '/session-details/7',
      routes: [{ path: '/session-details/:sessionId', element: <SessionDetailsRoute /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Check-In' }));
    expect(callsTo('GET /vid/api/video/7/curriculum')).toHaveLength(0);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await clickOk(user, await screen.findByRole('alertdialog', { name: 'You have successfully checked in!' }));
    await waitFor(() => expect(callsTo('GET /vid/api/video/7/curriculum')).toHaveLength(1));
  });

  it('shows a student on the roster the lesson plan to read, without the Helpful buttons only its instructor may use', async () => {
    signInAsStudent();
    const planned = { ...SESSION, isCurriculumGenerated: true, studentIds: [STUDENT_ID] };
    stubFetch({
      'GET /api/trainingsession/7': () => json(200, planned),
      'GET /vid/api/video/7/curriculum': () => json(200, makeCurriculum()),
    });
    await renderWithApp(<SessionDetailsRoute />, {
      path: '/session-details/7',
      routes: [{ path: '/session-details/:sessionId', element: <SessionDetailsRoute /> }],
    });
    expect(await screen.findByRole('heading', { name: makeCurriculum().session_title })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Not Helpful' })).toBeNull();
  });

  it("tells a student 'You have successfully checked in!' in the app's alert dialog", async () => {
    signInAsStudent();
    const { callsTo } = stubFetch({
      'GET /api/trainingsession/7': () => json(200, SESSION),
      'POST /api/trainingsession/7/checkin': () => json(200, { ...SESSION, studentIds: [STUDENT_ID] }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<SessionDetailsRoute />, {
      path: '/session-details/7',
      routes: [{ path: '/session-details/:sessionId', element: <SessionDetailsRoute /> }],
    });

    await user.click(await screen.findByRole('button', { name: 'Check-In' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));

    const alert = await screen.findByRole('alertdialog', { name: 'You have successfully checked in!' });
    expect(callsTo('POST /api/trainingsession/7/checkin')[0]?.body).toEqual({ studentIds: [STUDENT_ID], sessionId: 7 });
    await clickOk(user, alert);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('You are on the roster for this session.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Check-In' })).toBeDisabled();
    // The focus is on what the student can do next, not back at the top of the page.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel check-in' })).toHaveFocus());
  });
  it("says in the reader's language that a pairing the server could not read failed, when it gave no reason", async () => {
    signInAs('joao@example.com', {
      id: INSTRUCTOR.id,
      fighterName: INSTRUCTOR.fighterName,
      role: ROLE_INSTRUCTOR,
      beltColor: 'Black',
    });
    const students = [21, 22].map((id) => ({
      ...INSTRUCTOR,
      id,
      fighterName: `Student ${id}`,
      fighterRole: 'Student',
    }));
    const roster = { ...SESSION, studentIds: [21, 22], students };
    stubFetch({
      'GET /api/trainingsession/7': () => json(200, roster),
      'POST /vid/api/video/matchmaker/7': () =>
        json(200, {
          isSuccessfullyParsed: false,
          suggestedPairings: null,
          rawFighterPairsJson: null,
          errorMessage: null,
        }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<SessionDetailsRoute />, {
      language: 'pl',
      path: '/session-details/7',
      routes: [{ path: '/session-details/:sessionId', element: <SessionDetailsRoute /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'DOBIERZ PARY' }));
    // PAIR UP asks first.
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Potwierdź' }));
    expect(await screen.findByText('Nie udało się odczytać par.')).toBeVisible();
  });
});
