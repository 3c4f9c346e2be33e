import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Waits for the app's alert dialog (`showAlert`) with this message, closes it with its OK button
 * (`ok`, the label in the test's language), and waits until it is gone.
 */
export async function closeAlert(user: UserEvent, message: string, ok = 'OK'): Promise<void> {
  const dialog = await screen.findByRole('alertdialog', { name: message });
  await user.click(within(dialog).getByRole('button', { name: ok }));
  await waitFor(() => expect(screen.queryByRole('alertdialog', { name: message })).toBeNull());
}
