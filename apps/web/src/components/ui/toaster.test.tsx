import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { showToast, TOAST_DURATION_MS } from './toast-store';

afterEach(() => vi.useRealTimers());

describe('Toaster', () => {
  it('shows one toast at a time: a newer one takes the place of the one on screen', async () => {
    await renderWithApp(<p>Page</p>);
    act(() => {
      showToast({ title: 'Duplicate Video Detected', description: 'You already uploaded this video.' });
      showToast({ tone: 'error', title: 'Upload Failed', description: 'Videos may be at most 2048 MB.' });
    });
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toHaveTextContent('Upload Failed');
    expect(toasts[0]).toHaveTextContent('Videos may be at most 2048 MB.');
    expect(screen.getByRole('alert')).toBe(toasts[0]);
  });

  it('closes by itself after 5 seconds', async () => {
    await renderWithApp(<p>Page</p>);
    vi.useFakeTimers();
    act(() => void showToast({ tone: 'success', title: 'Upload complete' }));
    expect(screen.getByRole('status')).toHaveTextContent('Upload complete');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWithApp(<p>Page</p>, { language: 'pl' });
    act(() => void showToast({ title: 'Film usunięty' }));
    await user.click(screen.getByRole('button', { name: 'Zamknij powiadomienie' }));
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
  });
});
