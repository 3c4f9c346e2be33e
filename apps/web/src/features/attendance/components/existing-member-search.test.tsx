import type { MemberListPage, MemberSummary } from '@openmat/contract/members';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { makeOpenMat } from './attendance-fixtures';
import { ExistingMemberSearch } from './existing-member-search';

const member = (fighterId: number, fighterName: string): MemberSummary => ({
  fighterId,
  fighterName,
  beltColor: 'Blue',
  stripes: null,
  isWalkIn: false,
  classesLast30Days: 1,
  classesTotal: 5,
  lastAttended: null,
});
const found: MemberListPage = {
  members: [member(5, 'Stella Nowak'), member(6, 'Stefan Lis')],
  total: 2,
  page: 1,
  pageSize: 8,
};
const SESSION = makeOpenMat({ studentIds: [6, 5] });

afterEach(() => vi.restoreAllMocks());

describe('ExistingMemberSearch', () => {
  it('finds the instructor’s members by name and adds one who forgot to check in to the roster', async () => {
    const http = stubFetch({
      'GET /api/members': () => json(200, found),
      'POST /api/trainingsession/42/members': () => json(200, SESSION),
    });
    const onAdded = vi.fn();
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<ExistingMemberSearch sessionId={42} rosterIds={[6]} onAdded={onAdded} />);
    await user.type(screen.getByLabelText(/Search your members by name/), 'ste');
    const results = await screen.findByRole('list', { name: 'Matching members' });
    expect(
      Object.fromEntries(new URLSearchParams(http.callsTo('GET /api/members').at(-1)?.path.split('?')[1])),
    ).toMatchObject({
      search: 'ste',
    });
    // Stefan is on the roster already: marked, not offered.
    expect(within(results).getByText('On the roster')).toBeVisible();
    expect(within(results).queryByRole('button', { name: 'Add Stefan Lis to this class' })).toBeNull();
    await user.click(within(results).getByRole('button', { name: 'Add Stella Nowak to this class' }));
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalledWith(SESSION));
    expect(http.callsTo('POST /api/trainingsession/42/members')[0]?.body).toEqual({ fighterId: 5 });
    expect(await screen.findByText('Stella Nowak was added to the class')).toBeVisible();
  });

  it('says when the search failed, and searches again when asked', async () => {
    let failing = true;
    stubFetch({ 'GET /api/members': () => (failing ? problem(503, 'Busy') : json(200, found)) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<ExistingMemberSearch sessionId={42} rosterIds={[]} onAdded={vi.fn()} />);
    await user.type(screen.getByLabelText(/Search your members by name/), 'ste');
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('The search failed.');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Matching members' })).toBeVisible();
  });
});
