import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json, stubFetch } from '@/testing/fetch-stub';
import { makeSessionDetails } from '../components/session-fixtures';
import { useDeleteSession } from './delete-session';
import { sessionKeys } from './get-sessions';
import { useSession } from './get-session';

afterEach(() => vi.restoreAllMocks());

const DETAILS = 'GET /api/trainingsession/7';

/** A page that shows session 7 and deletes it, and is drawn again while it is still up. */
function Page() {
  const session = useSession(7);
  const remove = useDeleteSession(7);
  const [, redraw] = useState(0);
  return (
    <>
      <p>{session.data?.description ?? 'none'}</p>
      <button onClick={() => remove.mutate()}>Delete</button>
      <button onClick={() => redraw((n) => n + 1)}>Redraw</button>
      {remove.isSuccess && <p>Deleted</p>}
    </>
  );
}

describe('deleting a session', () => {
  it('does not ask again for the session it deleted, and drops it once the page has gone', async () => {
    const { callsTo } = stubFetch({
      [DETAILS]: () => json(200, makeSessionDetails({ id: 7, description: 'Open mat' })),
      'DELETE /api/trainingsession/7': () => new Response(null, { status: 204 }),
    });
    const queryClient = createQueryClient();
    const user = userEvent.setup();
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <Page />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Open mat')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Redraw' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(callsTo(DETAILS)).toHaveLength(1);

    unmount();
    await waitFor(() => expect(queryClient.getQueryCache().find({ queryKey: sessionKeys.detail(7) })).toBeUndefined());
  });
});
