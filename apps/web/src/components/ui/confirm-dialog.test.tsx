import { render, screen } from '@testing-library/react';
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
