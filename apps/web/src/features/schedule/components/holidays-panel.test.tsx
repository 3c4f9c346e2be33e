import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { HolidaysPanel } from './holidays-panel';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HolidaysPanel', () => {
  it('adds a holiday once asked, and says which sessions went and which stayed for their check-ins', async () => {
    const { callsTo } = stubFetch({
      'GET /api/schedule/holidays': () => json(200, []),
      'POST /api/schedule/holidays': () =>
        json(201, {
          holiday: { id: 1, date: '2026-04-04', name: 'Easter' },
          removedSessionIds: [3, 4],
          keptSessionIds: [5],
        }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<HolidaysPanel />);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-04-04' } });
    await user.type(screen.getByLabelText('Name (optional)'), 'Easter');
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    // The day's sessions go: it asks first, and Cancel sends nothing.
    const question = await screen.findByRole('alertdialog', { name: 'Make Saturday, April 4, 2026 a holiday?' });
    expect(question).toHaveTextContent(
      'No class of the weekly schedule runs on that date. Its sessions nobody checked in to are removed; those with check-ins are kept.',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('POST /api/schedule/holidays')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findByText('Saturday, April 4, 2026 is a holiday')).toBeVisible();
    expect(screen.getByText('2 sessions were removed. 1 session with check-ins was kept.')).toBeVisible();
    expect(callsTo('POST /api/schedule/holidays')[0]?.body).toEqual({ date: '2026-04-04', name: 'Easter' });
  });

  it('says when there is no holiday, and when the holidays cannot load, with a way to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    stubFetch({
      'GET /api/schedule/holidays': () => (failing ? problem(503, 'Busy') : json(200, [])),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<HolidaysPanel />, { language: 'pl' });
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Nie udało się wczytać dni wolnych.',
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Nie ustawiono jeszcze dni wolnych.')).toBeVisible();
  });

  it('shows a refused date under the field, and any other failure as a toast', async () => {
    stubFetch({
      'GET /api/schedule/holidays': () => json(200, []),
      'POST /api/schedule/holidays': [
        () => problem(400, 'One or more validation errors occurred.', { date: ['2026-04-04 is a holiday already.'] }),
        () => problem(503, 'The database is not available.'),
      ],
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<HolidaysPanel />);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-04-04' } });
    const add = async () => {
      await user.click(screen.getByRole('button', { name: 'Add holiday' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Add holiday' }));
    };
    await add();
    expect(await screen.findByText('2026-04-04 is a holiday already.')).toBeVisible();
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');

    await add();
    expect(await screen.findByText('The holiday could not be added')).toBeVisible();
    expect(screen.getByText('The database is not available.')).toBeVisible();
    expect(screen.getByLabelText('Date')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for a date under the field before sending anything', async () => {
    const { callsTo } = stubFetch({ 'GET /api/schedule/holidays': () => json(200, []) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<HolidaysPanel />);
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(screen.getByText('Choose a date.')).toBeVisible();
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST /api/schedule/holidays')).toHaveLength(0);
  });

  it('says a date is a holiday already under the field, with no confirmation that could only fail', async () => {
    const { callsTo } = stubFetch({
      'GET /api/schedule/holidays': () => json(200, [{ id: 1, date: '2099-12-09', name: 'Barbórka' }]),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<HolidaysPanel />);
    await screen.findByText(/Barbórka/);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-12-09' } });
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(screen.getByText('Wednesday, December 9, 2099 is a holiday already.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo('POST /api/schedule/holidays')).toHaveLength(0);
  });

  it('removes a holiday after the confirmation, from the keyboard too', async () => {
    const { callsTo } = stubFetch({
      'GET /api/schedule/holidays': [
        () => json(200, [{ id: 1, date: '2026-04-04', name: 'Easter' }]),
        () => json(200, []),
      ],
      'DELETE /api/schedule/holidays/1': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<HolidaysPanel />);
    const remove = await screen.findByRole('button', { name: 'Remove the holiday on Saturday, April 4, 2026' });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the holiday on Saturday, April 4, 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE /api/schedule/holidays/1')).toHaveLength(0);
    await user.click(remove);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Saturday, April 4, 2026 is no longer a holiday')).toBeVisible();
    expect(callsTo('DELETE /api/schedule/holidays/1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(/Easter/)).toBeNull());
  });
});
