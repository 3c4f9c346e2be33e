import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Asking({ onConfirm = () => undefined }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Check-In
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Check in to this session?"
        description="You can cancel until the class starts."
        confirmLabel="Confirm"
        cancelLabel="Cancel"
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('gives the focus back to the button that asked when Escape or Cancel closes it', async () => {
    const user = userEvent.setup();
    render(<Asking />);
    const asking = screen.getByRole('button', { name: 'Check-In' });
    await user.click(asking);
    expect(screen.getByRole('alertdialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(asking).toHaveFocus();
    await user.click(asking);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(asking).toHaveFocus();
  });

  it('gives it back after Confirm too', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} />);
    const asking = screen.getByRole('button', { name: 'Check-In' });
    asking.focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(asking).toHaveFocus();
  });
});

/** A confirmation whose Confirm opens a second dialog, as the walk-in attendance opens its modal. */
function Chained() {
  const [asking, setAsking] = useState(false);
  const [next, setNext] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>
        Take Attendance
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Take attendance?"
        description="Walk-ins are added as you type them."
        confirmLabel="Confirm"
        cancelLabel="Cancel"
        onConfirm={() => setNext(true)}
      />
      <ConfirmDialog
        open={next}
        onOpenChange={setNext}
        title="Add walk-ins"
        description="Type their names."
        confirmLabel="Finalize"
        cancelLabel="Close"
        onConfirm={() => undefined}
      />
    </>
  );
}

describe('ConfirmDialog opened from another', () => {
  it('gives the focus back to the button that opened the first, whose Confirm button is gone', async () => {
    const user = userEvent.setup();
    render(<Chained />);
    const opener = screen.getByRole('button', { name: 'Take Attendance' });
    opener.focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const second = await screen.findByRole('alertdialog', { name: 'Add walk-ins' });
    expect(second).toContainElement(document.activeElement as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});

/** A list whose Remove asks first; the removal runs a while, with the buttons disabled meanwhile. */
function Removing({ finish, removes = true }: { finish: (done: () => void) => void; removes?: boolean }) {
  const [items, setItems] = useState(['Christmas', 'New Year']);
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section>
      <h2>Holidays</h2>
      <button type="button" disabled={busy}>
        Add holiday
      </button>
      <ul>
        {items.map((item) => (
          <li key={item}>
            {item}
            <button type="button" disabled={busy} onClick={() => setAsking(item)}>
              {`Remove ${item}`}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Remove this holiday?"
        description="Its sessions come back."
        confirmLabel="Remove"
        cancelLabel="Cancel"
        onConfirm={() => {
          setBusy(true);
          finish(() => {
            if (removes) setItems((all) => all.filter((each) => each !== asking));
            setBusy(false);
          });
        }}
      />
    </section>
  );
}

describe('ConfirmDialog whose action runs on', () => {
  it('gives the focus back to its button once the action lets it be pressed again', async () => {
    const user = userEvent.setup();
    let done: () => void = () => undefined;
    render(<Removing removes={false} finish={(end) => (done = end)} />);
    const remove = screen.getByRole('button', { name: 'Remove Christmas' });
    remove.focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(remove).toBeDisabled();
    act(() => done());
    await waitFor(() => expect(remove).toHaveFocus());
  });

  it('goes to the next control of the list when the row it was opened from is gone', async () => {
    const user = userEvent.setup();
    let done: () => void = () => undefined;
    render(<Removing finish={(end) => (done = end)} />);
    screen.getByRole('button', { name: 'Remove Christmas' }).focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    // Disabled while it runs: the focus waits, then the row goes and the next row's button has it.
    act(() => done());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove New Year' })).toHaveFocus());
  });
});
