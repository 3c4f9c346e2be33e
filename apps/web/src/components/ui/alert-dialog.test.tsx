import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, translations } from '@/testing/render';
import { showAlert, useAlertStore } from './alert-store';

/** A page with a button that shows the given messages, one after the other, and logs when each closes. */
async function renderPage(messages: string[], language: 'en' | 'pl' = 'en') {
  const user = userEvent.setup({ delay: null });
  const closed: string[] = [];
  await renderWithApp(
    <button
      type="button"
      onClick={() => {
        for (const message of messages) void showAlert(message).then(() => closed.push(message));
      }}
    >
      Save
    </button>,
    { language },
  );
  return { user, closed, opener: screen.getByRole('button', { name: 'Save' }) };
}

describe('AlertDialogHost', () => {
  it('shows the message with one OK button that has the focus, and OK closes it and gives the focus back', async () => {
    const { user, closed, opener } = await renderPage(['You have successfully checked in!']);
    await user.click(opener);

    const dialog = await screen.findByRole('alertdialog', { name: 'You have successfully checked in!' });
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(within(dialog).getAllByRole('button')).toEqual([ok]);
    await waitFor(() => expect(ok).toHaveFocus());
    expect(closed).toEqual([]);

    await user.click(ok);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(closed).toEqual(['You have successfully checked in!']);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes on Escape too', async () => {
    const { user, closed, opener } = await renderPage(['Registration successful!']);
    await user.click(opener);
    await waitFor(() =>
      expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(closed).toEqual(['Registration successful!']);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows queued messages one at a time, in order, and settles each as it closes', async () => {
    const { user, closed, opener } = await renderPage(['First message', 'Second message']);
    await user.click(opener);

    const first = await screen.findByRole('alertdialog', { name: 'First message' });
    expect(screen.getAllByRole('alertdialog')).toEqual([first]);
    await user.click(within(first).getByRole('button', { name: 'OK' }));

    const second = await screen.findByRole('alertdialog', { name: 'Second message' });
    expect(screen.getAllByRole('alertdialog')).toEqual([second]);
    expect(closed).toEqual(['First message']);
    await waitFor(() => expect(within(second).getByRole('button', { name: 'OK' })).toHaveFocus());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(closed).toEqual(['First message', 'Second message']);
    expect(useAlertStore.getState().queue).toEqual([]);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows a message sent from outside any event handler', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<p>Page</p>);
    let done = false;
    act(() => {
      void showAlert('Feedback recorded: Helpful', { tone: 'success' }).then(() => (done = true));
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Feedback recorded: Helpful' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(done).toBe(true));
  });

  it('labels OK in Polish', async () => {
    const { user, opener } = await renderPage(['Zapisano opinię: Pomocny'], 'pl');
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Zapisano opinię: Pomocny' });
    const ok = within(dialog).getByRole('button', { name: translations.pl.common.ok });
    expect(ok).toHaveTextContent('OK');
    await user.click(ok);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
