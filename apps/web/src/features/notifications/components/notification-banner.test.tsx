import { act, fireEvent, screen } from '@testing-library/react';
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

  it('waits while the keyboard focus is in it, closes on Escape and gives the focus back where it came from', async () => {
    await renderWithApp(
      <>
        <button type="button">Before</button>
        <NotificationBanner />
      </>,
    );
    vi.useFakeTimers();
    await act(async () =>
      useNotificationStore.getState().show({
        title: 'New video',
        message: 'Armbar drill',
        link: { to: '/shared-videos', label: 'Watch' },
      }),
    );
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    await act(async () => vi.advanceTimersByTime(2000));
    // Tab onto its link: the 5 seconds wait while the reader is there.
    act(() => screen.getByRole('link', { name: 'Watch' }).focus());
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('notification-banner')).toBeInTheDocument();
    // Away again, the 3 seconds that were left run on.
    act(() => before.focus());
    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.getByTestId('notification-banner')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(100));
    expect(screen.queryByTestId('notification-banner')).toBeNull();

    await act(async () => useNotificationStore.getState().show({ title: 'Second', message: 'two' }));
    act(() => screen.getByRole('button', { name: 'Close notification' }).focus());
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close notification' }), { key: 'Escape' });
    expect(screen.queryByTestId('notification-banner')).toBeNull();
    expect(before).toHaveFocus();
  });
});
