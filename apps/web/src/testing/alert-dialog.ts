import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Clicks the OK button of an open alert dialog. When the alert follows a confirmation dialog, Radix
 * keeps the page's pointer events off until the confirmation's layer is gone; a person's click lands
 * once it is, so the click is retried until the button takes pointer events (within waitFor's limit).
 */
export async function clickOk(user: UserEvent, dialog: HTMLElement, ok = 'OK'): Promise<void> {
  await waitFor(() => user.click(within(dialog).getByRole('button', { name: ok })));
}

/**
 * Waits for the app's alert dialog (`showAlert`) with this message, closes it with its OK button
 * (`ok`, the label in the test's language), and waits until it is gone.
 */
export async function closeAlert(user: UserEvent, message: string, ok = 'OK'): Promise<void> {
  const dialog = await screen.findByRole('alertdialog', { name: message });
  await clickOk(user, dialog, ok);
  await waitFor(() => expect(screen.queryByRole('alertdialog', { name: message })).toBeNull());
}
