import { ageOn } from '@openmat/contract/auth';
import { AttendanceRequest, type AttendanceResponse } from '@openmat/contract/sessions';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ATTENDANCE_STORAGE_KEY, useAttendanceStore } from '@/features/attendance/stores/attendance-store';
import { closeAlert } from '@/testing/alert-dialog';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderWithApp } from '@/testing/render';
import { makeOpenMat } from './attendance-fixtures';
import { AttendanceModal } from './attendance-modal';

const SESSION_ID = 42;
const ATTENDANCE = `POST /api/trainingsession/${SESSION_ID}/attendance`;

const RESPONSE = {
  success: true,
  message: 'Recorded 2 walk-ins; 2 added to the roster.',
  updatedSession: makeOpenMat({ id: SESSION_ID, capacity: 3, studentIds: [9] }),
};

beforeEach(() => {
  useAttendanceStore.setState({ drafts: {} });
});

afterEach(() => vi.restoreAllMocks());

/** The session details page, reduced to what the modal needs: a button that opens it. */
function Page({
  capacity,
  onRecorded,
  sessionId = SESSION_ID,
}: {
  capacity: number | null;
  onRecorded: (result: AttendanceResponse) => void;
  sessionId?: number;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Take Attendance
      </button>
      <AttendanceModal
        sessionId={sessionId}
        capacity={capacity}
        open={open}
        onOpenChange={setOpen}
        onRecorded={onRecorded}
      />
    </>
  );
}

async function renderModal({
  capacity = 3,
  language = 'en',
  sessionId,
}: { capacity?: number | null; language?: 'en' | 'pl'; sessionId?: number } = {}) {
  const user = userEvent.setup({ delay: null });
  const onRecorded: Mock<(result: AttendanceResponse) => void> = vi.fn();
  const view = await renderWithApp(<Page capacity={capacity} onRecorded={onRecorded} sessionId={sessionId} />, {
    language,
  });
  await screen.findByRole('dialog');
  return { user, onRecorded, view };
}

const cell = (column: string, row: number) => screen.getByLabelText(`${column}, row ${row}`);
const nameCells = () => screen.getAllByLabelText(/^Name, row \d+$/);
const finalizeButton = () => screen.getByRole('button', { name: 'Finalize Attendance' });

interface Walkin {
  name: string;
  birthdate?: string;
  weight?: string;
  height?: string;
}

async function fillRow(user: UserEvent, row: number, { name, birthdate = '', weight = '', height = '' }: Walkin) {
  await user.type(cell('Name', row), name);
  if (birthdate) await user.type(cell('Birthdate', row), birthdate);
  if (weight) await user.type(cell('Weight (kg)', row), weight);
  if (height) await user.type(cell('Height (cm)', row), height);
}

const EWA = { name: 'Ewa Nowak', birthdate: '2001-03-04', weight: '61.5', height: '168' };

describe('AttendanceModal', () => {
  it('opens as a labelled dialog with the four buttons, focused on the first Name cell', async () => {
    await renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Walk-in attendance' });
    for (const name of ['Go Back', 'Clear', 'Create Fake Student Data for Testing', 'Finalize Attendance']) {
      expect(within(dialog).getByRole('button', { name })).toBeEnabled();
    }
    for (const name of ['Name', 'Birthdate', 'Weight (kg)', 'Height (cm)', 'Belt Rank', 'Gender']) {
      expect(within(dialog).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(cell('Name', 1)).toHaveFocus();
  });

  it('has as many rows as the capacity', async () => {
    await renderModal({ capacity: 3 });
    expect(nameCells()).toHaveLength(3);
    expect(screen.queryByLabelText('Name, row 4')).toBeNull();
  });

  it('has 10 rows when the capacity is unknown', async () => {
    await renderModal({ capacity: null });
    expect(nameCells()).toHaveLength(10);
  });

  it('lets only 2 empty rows be edited; the next unlocks as a row gets data', async () => {
    const { user } = await renderModal({ capacity: 5 });
    const enabled = () => nameCells().map((input) => !input.hasAttribute('disabled'));
    expect(enabled()).toEqual([true, true, false, false, false]);
    for (const column of ['Birthdate', 'Weight (kg)', 'Height (cm)', 'Belt Rank', 'Gender']) {
      expect(cell(column, 2)).toBeEnabled();
      expect(cell(column, 3)).toBeDisabled();
    }
    expect(screen.getByText(/At most 2 empty rows can be edited at once/)).toBeInTheDocument();

    await user.type(cell('Name', 1), 'A');
    expect(enabled()).toEqual([true, true, true, false, false]);
    await user.type(cell('Weight (kg)', 2), '7');
    expect(enabled()).toEqual([true, true, true, true, false]);

    // Erasing the row being typed in keeps it (and the focus) editable: still only 2 empty rows.
    await user.clear(cell('Weight (kg)', 2));
    expect(cell('Weight (kg)', 2)).toHaveFocus();
    expect(enabled()).toEqual([true, true, true, false, false]);
  });

  it('marks rows with data that cannot be sent, and sends only the valid rows', async () => {
    const route = vi.fn(() => json(200, RESPONSE));
    const { calls } = stubFetch({ [ATTENDANCE]: route });
    const { user, onRecorded } = await renderModal({ capacity: 4 });

    await fillRow(user, 1, EWA);
    await user.selectOptions(cell('Belt Rank', 1), 'Blue');
    await user.selectOptions(cell('Gender', 1), 'Female');
    await fillRow(user, 2, { name: 'No Weight', birthdate: '1999-12-31', weight: '0', height: '170' });
    // A decimal comma, as a Polish keyboard types it, is a decimal point.
    await fillRow(user, 3, { name: 'Jack Smith', birthdate: '1990-07-08', weight: '90', height: '185,5' });
    await fillRow(user, 4, { name: 'Nameless' });
    await user.clear(cell('Name', 4));
    await user.type(cell('Height (cm)', 4), '180');

    expect(cell('Weight (kg)', 2)).toHaveAttribute('aria-invalid', 'true');
    expect(cell('Name', 2)).toHaveAccessibleDescription('Weight must be above 0.');
    expect(cell('Name', 4)).toHaveAccessibleDescription(/Enter a name\. Enter a birthdate\. Enter a weight\./);
    expect(cell('Name', 1)).toHaveAccessibleDescription('Ready');
    expect(screen.getByText('Ready to record: 2. Incomplete, will be skipped: 2.')).toBeInTheDocument();

    await user.click(finalizeButton());
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      records: [
        {
          fighterName: 'Ewa Nowak',
          birthdate: '2001-03-04',
          weight: 61.5,
          height: 168,
          beltColor: 'Blue',
          gender: 'Female',
        },
        {
          fighterName: 'Jack Smith',
          birthdate: '1990-07-08',
          weight: 90,
          height: 185.5,
          beltColor: 'None',
          gender: 'Male',
        },
      ],
    });
    expect(onRecorded.mock.calls[0]?.[0]).toEqual(RESPONSE);
    // What was recorded, in the server's words.
    expect(await screen.findByText('Recorded 2 walk-ins; 2 added to the roster.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('alerts and sends nothing when no row is valid', async () => {
    const { calls } = stubFetch({});
    const { user } = await renderModal();
    await user.click(finalizeButton());
    await closeAlert(user, 'Please enter at least one valid record');
    // The focus goes back to Finalize, inside the modal, which stays open.
    await waitFor(() => expect(finalizeButton()).toHaveFocus());
    await fillRow(user, 1, { name: 'Only A Name' });
    await user.click(finalizeButton());
    await closeAlert(user, 'Please enter at least one valid record');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows Finalizing... and disables the buttons while the list is sent, then clears the draft', async () => {
    let release: (response: Response) => void = () => undefined;
    const answer = new Promise<Response>((resolve) => {
      release = resolve;
    });
    stubFetch({ [ATTENDANCE]: () => answer });
    const { user, onRecorded } = await renderModal();
    await fillRow(user, 1, EWA);
    expect(localStorage.getItem(ATTENDANCE_STORAGE_KEY)).toContain('Ewa Nowak');

    await user.click(finalizeButton());
    const pending = await screen.findByRole('button', { name: 'Finalizing...' });
    expect(pending).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create Fake Student Data for Testing' })).toBeDisabled();
    expect(cell('Name', 1)).toBeDisabled();

    release(json(200, RESPONSE));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));
    expect(useAttendanceStore.getState().drafts).toEqual({});
    expect(localStorage.getItem(ATTENDANCE_STORAGE_KEY)).not.toContain('Ewa Nowak');
    expect(await screen.findByRole('button', { name: 'Finalize Attendance' })).toBeEnabled();
    expect(cell('Name', 1)).toHaveValue('');
  });

  it("shows the server's refusal in an alert and in the modal, and keeps the rows", async () => {
    const message = "Each walk-in needs a different name; this list repeats 'Ewa'.";
    stubFetch({ [ATTENDANCE]: () => json(400, { success: false, message }) });
    const { user, onRecorded } = await renderModal();
    await fillRow(user, 1, EWA);

    await user.click(finalizeButton());
    await closeAlert(user, message);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing was lost: your rows are still here.');
    expect(onRecorded).not.toHaveBeenCalled();
    expect(cell('Name', 1)).toHaveValue('Ewa Nowak');
    expect(cell('Weight (kg)', 1)).toHaveValue('61.5');
    expect(localStorage.getItem(ATTENDANCE_STORAGE_KEY)).toContain('Ewa Nowak');
    expect(finalizeButton()).toBeEnabled();
  });

  it.each([
    ['an empty 500', () => new Response('', { status: 500 })],
    ['a problem without detail', () => json(503, { type: 'about:blank', title: 'Unavailable', status: 503 })],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])("falls back to 'Failed to record attendance' after %s", async (_name, answer) => {
    stubFetch({ [ATTENDANCE]: answer });
    const { user } = await renderModal();
    await fillRow(user, 1, EWA);
    await user.click(finalizeButton());
    await closeAlert(user, 'Failed to record attendance');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to record attendance');
    expect(cell('Name', 1)).toHaveValue('Ewa Nowak');
  });

  it('keeps the draft across an unmount and a reload, per session', async () => {
    const first = await renderModal();
    await fillRow(first.user, 1, { name: 'Ewa', weight: '60' });
    await first.user.selectOptions(cell('Belt Rank', 1), 'Purple');
    first.view.unmount();

    const saved = localStorage.getItem(ATTENDANCE_STORAGE_KEY);
    expect(saved).not.toBeNull();
    expect(JSON.parse(saved ?? '{}')).toMatchObject({
      state: { drafts: { [SESSION_ID]: [{ fighterName: 'Ewa', weight: '60', beltColor: 'Purple' }, {}, {}] } },
    });
    // A reload: the memory is gone, only local storage remains.
    useAttendanceStore.setState({ drafts: {} });
    localStorage.setItem(ATTENDANCE_STORAGE_KEY, saved ?? '');
    await useAttendanceStore.persist.rehydrate();

    const second = await renderModal();
    expect(cell('Name', 1)).toHaveValue('Ewa');
    expect(cell('Weight (kg)', 1)).toHaveValue('60');
    expect(cell('Belt Rank', 1)).toHaveDisplayValue('Purple');
    second.view.unmount();

    await renderModal({ sessionId: 43 });
    expect(cell('Name', 1)).toHaveValue('');
  });

  it('asks before Clear empties the draft, and keeps the rows on Keep rows', async () => {
    const { user } = await renderModal();
    await fillRow(user, 1, EWA);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    const question = await screen.findByRole('alertdialog', { name: 'Clear this attendance list?' });
    await user.click(within(question).getByRole('button', { name: 'Keep rows' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(cell('Name', 1)).toHaveValue('Ewa Nowak');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(await screen.findByRole('button', { name: 'Clear rows' }));
    expect(cell('Name', 1)).toHaveValue('');
    expect(cell('Weight (kg)', 1)).toHaveValue('');
    expect(useAttendanceStore.getState().drafts).toEqual({});
    expect(localStorage.getItem(ATTENDANCE_STORAGE_KEY)).not.toContain('Ewa Nowak');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Clear' })).toHaveFocus());
  });

  it('clears without asking when there is nothing typed', async () => {
    const { user } = await renderModal();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('fills the empty rows with fake students in the spec ranges, with unique names', async () => {
    const { calls } = stubFetch({ [ATTENDANCE]: () => json(200, RESPONSE) });
    const { user } = await renderModal({ capacity: null });
    await fillRow(user, 1, EWA);

    await user.click(screen.getByRole('button', { name: 'Create Fake Student Data for Testing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Test students added to the empty rows: 9.')).toHaveAttribute('role', 'status');
    expect(cell('Name', 1)).toHaveValue('Ewa Nowak');
    expect(nameCells().every((input) => !input.hasAttribute('disabled'))).toBe(true);
    expect(screen.getByText('Ready to record: 10. Incomplete, will be skipped: 0.')).toBeInTheDocument();

    await user.click(finalizeButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    const { records } = AttendanceRequest.parse(calls[0]?.body);
    expect(records).toHaveLength(10);
    const fake = records.slice(1);
    const today = new Date();
    for (const record of fake) {
      expect(record.weight).toBeGreaterThanOrEqual(50);
      expect(record.weight).toBeLessThanOrEqual(100);
      expect(record.height).toBeGreaterThanOrEqual(150);
      expect(record.height).toBeLessThanOrEqual(200);
      expect(ageOn(record.birthdate, today)).toBeGreaterThanOrEqual(10);
      expect(ageOn(record.birthdate, today)).toBeLessThanOrEqual(40);
    }
    const names = records.map((record) => record.fighterName.toLowerCase());
    expect(new Set(names).size).toBe(10);
  });

  it('says so when every row already has data', async () => {
    const { user } = await renderModal({ capacity: 1 });
    await fillRow(user, 1, { name: 'Ewa' });
    await user.click(screen.getByRole('button', { name: 'Create Fake Student Data for Testing' }));
    expect(screen.getByText('Every row already has data, so no test students were added.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(cell('Name', 1)).toHaveValue('Ewa');
  });

  it('fills only the places left after the roster and the typed rows, with kids in a Kids class', async () => {
    const { calls } = stubFetch({ [ATTENDANCE]: () => json(200, RESPONSE) });
    const user = userEvent.setup({ delay: null });
    await renderWithApp(
      <AttendanceModal
        sessionId={SESSION_ID}
        capacity={3}
        rosterCount={1}
        targetLevel="Kids"
        open
        onOpenChange={() => undefined}
        onRecorded={() => undefined}
      />,
    );
    await screen.findByRole('dialog');
    await fillRow(user, 1, EWA);
    const fake = screen.getByRole('button', { name: 'Create Fake Student Data for Testing' });
    await user.click(fake);
    expect(screen.getByText('Test students added to the empty rows: 1. Places left: 0.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(cell('Name', 3)).toHaveValue('');
    await user.click(fake);
    expect(screen.getByText('No places are left in this session, so no test students were added.')).toBeInTheDocument();

    await user.click(finalizeButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    const { records } = AttendanceRequest.parse(calls[0]?.body);
    expect(records).toHaveLength(2);
    expect(ageOn(records[1]?.birthdate ?? '', new Date())).toBeLessThan(16);
  });

  it("labels the None belt 'Unranked' and sends None", async () => {
    const { calls } = stubFetch({ [ATTENDANCE]: () => json(200, RESPONSE) });
    const { user } = await renderModal();
    const belt = cell('Belt Rank', 1);
    expect(belt).toHaveDisplayValue('Unranked');
    expect(
      within(belt)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Unranked', 'White', 'Blue', 'Purple', 'Brown', 'Black']);
    expect(
      within(cell('Gender', 1))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Male', 'Female']);
    await user.selectOptions(belt, 'Black');
    await user.selectOptions(belt, 'Unranked');
    await fillRow(user, 1, EWA);
    await user.click(finalizeButton());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(AttendanceRequest.parse(calls[0]?.body).records[0]?.beltColor).toBe('None');
  });

  it('converts pounds to kilograms and feet to centimetres', async () => {
    const { user } = await renderModal();
    await user.click(screen.getByText('Metric conversion helper'));
    await user.type(screen.getByLabelText('Weight (lb)'), '150');
    await user.type(screen.getByLabelText('Height (ft)'), '5.9');
    expect(screen.getByText('68.0 kg')).toBeInTheDocument();
    expect(screen.getByText('179.8 cm')).toBeInTheDocument();
  });

  it('names every field of a row beside it, for a phone, where each row is a card without the header row', async () => {
    await renderModal({ capacity: 2 });
    for (const row of [1, 2]) {
      for (const column of ['Name', 'Birthdate', 'Weight (kg)', 'Height (cm)', 'Belt Rank', 'Gender']) {
        const field = cell(column, row).closest('td');
        if (!field) throw new Error(`${column}, row ${row} is not in a cell`);
        expect(within(field).getByText(column)).toBeInTheDocument();
      }
      expect(screen.getByRole('rowheader', { name: `Row ${row}` })).toBeInTheDocument();
    }
  });

  it('closes on Go Back and on Escape, returning the focus to the opener, without sending anything', async () => {
    const { calls } = stubFetch({});
    const { user } = await renderModal();
    await fillRow(user, 1, EWA);
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Take Attendance' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(cell('Name', 1)).toHaveValue('Ewa Nowak');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Take Attendance' })).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('renders in Polish', async () => {
    const { user } = await renderModal({ language: 'pl' });
    expect(screen.getByRole('dialog', { name: 'Obecność osób spoza zapisów' })).toBeInTheDocument();
    for (const name of ['Wróć', 'Wyczyść', 'Utwórz fikcyjne dane uczniów do testów', 'Zatwierdź obecność']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Imię i nazwisko, wiersz 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Stopień (pas), wiersz 1')).toHaveDisplayValue('Bez stopnia');
    expect(screen.getByRole('columnheader', { name: 'Waga (kg)' })).toBeInTheDocument();
    const weight = screen.getByLabelText('Waga (kg), wiersz 1').closest('td');
    expect(weight && within(weight).getByText('Waga (kg)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zatwierdź obecność' }));
    await closeAlert(user, 'Wprowadź co najmniej jeden poprawny wpis', 'OK');
  });
});
