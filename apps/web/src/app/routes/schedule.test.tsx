import { ROLE_INSTRUCTOR, ROLE_STUDENT, type Role } from '@openmat/contract/enums';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedOut, useAuthStore } from '@/features/auth/stores/auth-store';
import { recurringClassFixture } from '@/features/schedule/components/schedule-fixtures';
import { json, stubFetch } from '@/testing/fetch-stub';
import { signInAs } from '@/testing/auth';
import { renderWithApp } from '@/testing/render';
import { EditRecurringClassRoute, NewRecurringClassRoute, ScheduleRoute } from './schedule';

function signIn(role: Role) {
  signInAs('joao@example.com', { id: 7, fighterName: 'Mestre João', role, beltColor: 'Black' });
}

afterEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState(signedOut);
});

const GI = recurringClassFixture({ instructorId: 7 });

describe('/schedule', () => {
  it("shows an instructor their classes and the academy's holidays", async () => {
    signIn(ROLE_INSTRUCTOR);
    stubFetch({
      'GET /api/schedule/classes': () => json(200, [GI]),
      'GET /api/schedule/holidays': () => json(200, []),
    });
    await renderWithApp(<ScheduleRoute />, { path: '/schedule' });
    expect(screen.getByRole('heading', { name: 'Weekly schedule' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'End Gi Fundamentals' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Holidays' })).toBeVisible();
  });

  it('tells a student the schedule is kept by instructors', async () => {
    signIn(ROLE_STUDENT);
    const { calls } = stubFetch({});
    await renderWithApp(<ScheduleRoute />, { path: '/schedule' });
    expect(screen.getByText('The weekly schedule is kept by instructors.')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('tells a student who types the address of a class form the same, with no form and nothing fetched', async () => {
    signIn(ROLE_STUDENT);
    const { calls } = stubFetch({});
    const routes = [
      { path: '/schedule/new', element: <NewRecurringClassRoute /> },
      { path: '/schedule/:classId/edit', element: <EditRecurringClassRoute /> },
    ];
    for (const path of ['/schedule/new', '/schedule/3/edit']) {
      const view = await renderWithApp(<p />, { path, routes });
      expect(screen.getByText('The weekly schedule is kept by instructors.')).toBeVisible();
      expect(screen.queryByRole('button')).toBeNull();
      view.unmount();
    }
    expect(calls).toHaveLength(0);
  });

  it('opens the class form on the class, and says so when the class no longer runs', async () => {
    signIn(ROLE_INSTRUCTOR);
    stubFetch({ 'GET /api/schedule/classes': () => json(200, [GI]) });
    const routes = [{ path: '/schedule/:classId/edit', element: <EditRecurringClassRoute /> }];
    const view = await renderWithApp(<EditRecurringClassRoute />, { path: '/schedule/3/edit', routes });
    expect(await screen.findByRole('heading', { name: 'Edit Gi Fundamentals' })).toBeVisible();
    view.unmount();
    await renderWithApp(<EditRecurringClassRoute />, { path: '/schedule/4/edit', routes });
    expect(await screen.findByRole('heading', { name: 'This recurring class no longer runs.' })).toBeVisible();
  });
});
