import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { useNotificationStore } from '../stores/notification-store';
import { BANNER_DURATION_MS, NotificationBanner } from './notification-banner';

describe('NotificationBanner', () => {
  beforeEach(() => useNotificationStore.setState({ current: null }));
  afterEach(() => vi.useRealTimers());

  it('is hidden until a notification arrives', async () => {
    await renderWithApp(<NotificationBanner />);
    expect(screen.queryByTestId('notification-banner')).toBeNull();
  });

  it('shows the titles and who shared it, then hides itself after 5 seconds', async () => {
    await renderWithApp(<NotificationBanner />);
    vi.useFakeTimers();
    await act(async () =>
      useNotificationStore.getState().show({ title: 'New video', message: 'Armbar drill', sharedBy: 'Ana' }),
    );
    expect(screen.getByTestId('notification-banner')).toHaveTextContent('New video');
    expect(screen.getByText('Armbar drill')).toBeInTheDocument();
    expect(screen.getByText('Shared by: Ana')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(BANNER_DURATION_MS - 1));
    expect(screen.queryByTestId('notification-banner')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('notification-banner')).toBeNull();
  });

  it('closes on its close button and restarts the 5 seconds for a newer notification', async () => {
    await renderWithApp(<NotificationBanner />);
    await act(async () =>
      useNotificationStore.getState().show({ title: 'AI Analysis Completed', message: 'Video Numer 7' }),
    );
    expect(screen.queryByText(/Shared by/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByTestId('notification-banner')).toBeNull();

    vi.useFakeTimers();
    await act(async () => useNotificationStore.getState().show({ title: 'First', message: 'one' }));
    await act(async () => vi.advanceTimersByTime(4000));
    await act(async () => useNotificationStore.getState().show({ title: 'Second', message: 'two' }));
    await act(async () => vi.advanceTimersByTime(4000));
    expect(screen.getByTestId('notification-banner')).toHaveTextContent('Second');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('notification-banner')).toBeNull();
  });

  it('speaks Polish', async () => {
    await renderWithApp(<NotificationBanner />, { language: 'pl' });
    await act(async () =>
      useNotificationStore.getState().show({ title: 'Nowe wideo', message: 'Dźwignia', sharedBy: 'Ola' }),
    );
    expect(screen.getByText('Udostępnione przez: Ola')).toBeInTheDocument();
  });
});
