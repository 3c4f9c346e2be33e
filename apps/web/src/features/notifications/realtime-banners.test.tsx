import type * as SignalR from '@microsoft/signalr';
import { act, screen } from '@testing-library/react';
import { UnsecuredJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBanner } from './components/notification-banner';
import { useNotificationStore } from './stores/notification-store';
import { useRealtimeBanners } from './use-realtime-banners';
import { renderWithApp } from '@/testing/render';
import { connectSession } from '@/lib/api-client';
import { applyLanguageToDocument } from '@/lib/languages';
import { closeRealtime, RECONNECT_DELAYS_MS, useRealtimeConnection } from '@/lib/realtime';

/**
 * The official client, with its network end replaced: each built connection records how it was
 * configured, and the test plays the server by invoking the handlers the page registered. The real
 * protocol against the real hubs is proven by the server's SignalR tests and the browser journeys.
 */
const hubs = vi.hoisted(() => {
  interface FakeConnection {
    url: string;
    options: { transport?: number; withCredentials?: boolean; accessTokenFactory?: () => Promise<string> | string };
    delays: number[] | undefined;
    handlers: Map<string, (...args: unknown[]) => void>;
    state: 'Disconnected' | 'Connected';
    starts: number;
    stops: number;
    failNextStart: boolean;
  }
  return { built: [] as FakeConnection[] };
});

vi.mock('@microsoft/signalr', async (importOriginal) => {
  const real = await importOriginal<typeof SignalR>();
  class FakeBuilder {
    private connection = {
      url: '',
      options: {},
      delays: undefined as number[] | undefined,
      handlers: new Map<string, (...args: unknown[]) => void>(),
      state: 'Disconnected' as 'Disconnected' | 'Connected',
      starts: 0,
      stops: 0,
      failNextStart: false,
    };
    withUrl(url: string, options: object) {
      Object.assign(this.connection, { url, options });
      return this;
    }
    withAutomaticReconnect(delays: number[]) {
      this.connection.delays = delays;
      return this;
    }
    configureLogging() {
      return this;
    }
    build() {
      const fake = this.connection;
      hubs.built.push(fake);
      return {
        get state() {
          return fake.state;
        },
        on: (method: string, handler: (...args: unknown[]) => void) => fake.handlers.set(method, handler),
        start: async () => {
          fake.starts += 1;
          if (fake.failNextStart) {
            fake.failNextStart = false;
            throw new Error('negotiate answered 503');
          }
          fake.state = 'Connected';
        },
        stop: async () => {
          fake.stops += 1;
          fake.state = 'Disconnected';
        },
      };
    }
  }
  return { ...real, HubConnectionBuilder: FakeBuilder };
});

/** Renders the page and waits for the connections, which load with the SignalR client. */
async function renderSignedIn(options: { language?: 'en' | 'pl' } = {}) {
  const view = await renderWithApp(<Page signedIn />, options);
  await vi.waitFor(() => expect(hubs.built.filter((built) => built.state === 'Connected')).toHaveLength(2));
  return view;
}

function Page({ signedIn }: { signedIn: boolean }) {
  useRealtimeConnection(signedIn);
  useRealtimeBanners();
  return <NotificationBanner />;
}

function hub(path: string) {
  const connection = hubs.built.find((built) => built.url.split('?')[0] === path);
  if (!connection) throw new Error(`${path} was not opened`);
  return connection;
}

async function invoke(path: string, method: string, ...args: unknown[]) {
  const handler = hub(path).handlers.get(method);
  if (!handler) throw new Error(`nothing listens to ${method} on ${path}`);
  await act(async () => handler(...args));
}

const token = (secondsLeft: number) =>
  new UnsecuredJWT({ sub: '1' }).setExpirationTime(Math.floor(Date.now() / 1000) + secondsLeft).encode();

beforeEach(() => {
  hubs.built.length = 0;
  useNotificationStore.setState({ current: null });
});
afterEach(() => vi.restoreAllMocks());

describe('the real-time connection', () => {
  it('opens both hubs on page load, WebSockets only with credentials, reconnecting after 0, 2, 10 and 30 s', async () => {
    const view = await renderSignedIn();
    expect(hubs.built.map((built) => built.url).sort()).toEqual([
      '/videoAnalysisHub?lang=en',
      '/videoShareHub?lang=en',
    ]);
    for (const built of hubs.built) {
      expect(built.options.transport).toBe(1); // HttpTransportType.WebSockets
      expect(built.options.withCredentials).toBe(true);
      expect(built.delays).toEqual([0, 2000, 10000, 30000]);
      expect(built.state).toBe('Connected');
    }
    expect(RECONNECT_DELAYS_MS).toEqual([0, 2000, 10000, 30000]);
    view.unmount();
    expect(hubs.built.map((built) => built.stops)).toEqual([1, 1]);
  });

  it('stays closed for a visitor', async () => {
    await renderWithApp(<Page signedIn={false} />);
    await import('@/lib/realtime-connection');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hubs.built).toEqual([]);
  });

  it('only logs a failed start, and starts again when the browser comes back online', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { rerender } = await renderWithApp(<Page signedIn={false} />);
    hubs.built.length = 0;
    // The next connections to be built fail their first start.
    const realPush = hubs.built.push.bind(hubs.built);
    vi.spyOn(hubs.built, 'push').mockImplementation((...items) => {
      for (const item of items) item.failNextStart = true;
      return realPush(...items);
    });
    rerender(<Page signedIn />);
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('[realtime] /videoShareHub did not connect', expect.any(Error)),
    );
    expect(screen.queryByTestId('notification-banner')).toBeNull();
    expect(hub('/videoShareHub').state).toBe('Disconnected');

    await act(async () => window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(hub('/videoShareHub').state).toBe('Connected'));
    expect(hub('/videoShareHub').starts).toBe(2);
  });

  it('sends the current token while it has time left, and a refreshed one when it is about to expire', async () => {
    let current = token(600);
    const refresh = vi.fn(async () => {
      current = token(3600);
      return true;
    });
    connectSession({ accessToken: () => current, refresh, sessionLost: vi.fn() });
    await renderSignedIn();
    const factory = hub('/videoShareHub').options.accessTokenFactory;
    if (!factory) throw new Error('no token factory');
    const fresh = current;
    expect(await factory()).toBe(fresh);
    expect(refresh).not.toHaveBeenCalled();

    current = token(10);
    const renewed = await factory();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(renewed).not.toBe(fresh);
    expect(renewed).toBe(current);
  });
});

describe('the banners the hubs feed', () => {
  it('shows a share with its titles and who shared it', async () => {
    await renderSignedIn();
    await invoke('/videoShareHub', 'ReceiveVideoSharedNotification', 'New video shared', 'Guard passing drill', 'Ana');
    const banner = screen.getByTestId('notification-banner');
    expect(banner).toHaveTextContent('New video shared');
    expect(banner).toHaveTextContent('Guard passing drill');
    expect(banner).toHaveTextContent('Shared by: Ana');
    expect(screen.getByRole('link', { name: 'Watch' })).toHaveAttribute('href', '/videos');
  });

  it('asks the hubs for the language the page speaks, so that a share banner comes in it', async () => {
    document.documentElement.lang = 'pl';
    try {
      await renderSignedIn({ language: 'pl' });
    } finally {
      document.documentElement.lang = '';
    }
    expect(hubs.built.map((built) => built.url).sort()).toEqual([
      '/videoAnalysisHub?lang=pl',
      '/videoShareHub?lang=pl',
    ]);
  });

  it('opens the hubs again in the new language when the page switches language', async () => {
    const { lang, className } = document.documentElement;
    const view = await renderSignedIn();
    const english = [...hubs.built];
    try {
      // As the preferences switch it (the document first, then the interface).
      act(() => applyLanguageToDocument('pl'));
      await vi.waitFor(() => expect(hubs.built.filter((built) => built.state === 'Connected')).toHaveLength(2));
      const polish = hubs.built.slice(english.length);
      expect(polish.map((built) => built.url).sort()).toEqual(['/videoAnalysisHub?lang=pl', '/videoShareHub?lang=pl']);
      expect(english.map((built) => built.state)).toEqual(['Disconnected', 'Disconnected']);

      // What the server sends now comes over the Polish connections, written in Polish.
      const share = polish.find((built) => built.url.startsWith('/videoShareHub'));
      const handler = share?.handlers.get('ReceiveVideoSharedNotification');
      if (!handler) throw new Error('nothing listens to shares on the Polish connection');
      await act(async () => handler('Udostępniono nowe wideo', 'Obrona gardy', 'Ana'));
      expect(screen.getByTestId('notification-banner')).toHaveTextContent('Udostępniono nowe wideo');

      // Signing out closes the connections open now.
      await closeRealtime();
      expect(polish.map((built) => built.state)).toEqual(['Disconnected', 'Disconnected']);
    } finally {
      view.unmount();
      Object.assign(document.documentElement, { lang, className });
    }
  });

  it("links a share to the shared video's review, and a finished analysis to its review", async () => {
    await renderSignedIn();
    await invoke(
      '/videoShareHub',
      'ReceiveVideoSharedNotification',
      'New video shared',
      'Guard passing drill',
      'Ana',
      12,
    );
    expect(screen.getByRole('link', { name: 'Watch' })).toHaveAttribute('href', '/video-review/12');
    await invoke('/videoAnalysisHub', 'AnalysisCompleted', 7);
    expect(screen.getByRole('link', { name: 'Open the review' })).toHaveAttribute('href', '/video-review/7');
  });

  it("announces a finished analysis as 'AI Analysis Completed' and 'Video Numer <id>', with no name", async () => {
    await renderSignedIn();
    await invoke('/videoAnalysisHub', 'AnalysisCompleted', 7);
    const banner = screen.getByTestId('notification-banner');
    expect(banner).toHaveTextContent('AI Analysis Completed');
    expect(banner).toHaveTextContent('Video Numer 7');
    expect(banner).not.toHaveTextContent('Shared by');
  });

  it('announces a failed analysis with the reason, in Polish too', async () => {
    await renderSignedIn({ language: 'pl' });
    await invoke('/videoAnalysisHub', 'AnalysisFailed', 9, 'Nie rozpoznano zawodników');
    const banner = screen.getByTestId('notification-banner');
    expect(banner).toHaveTextContent('Analiza AI nie powiodła się');
    expect(banner).toHaveTextContent('Wideo numer 9: Nie rozpoznano zawodników');
  });

  it('ignores, and logs, an invocation whose arguments break the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderSignedIn();
    await invoke('/videoAnalysisHub', 'AnalysisCompleted', 'seven');
    await invoke('/videoShareHub', 'ReceiveVideoSharedNotification', 'only a title');
    expect(screen.queryByTestId('notification-banner')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('stops feeding the banner once the page is gone', async () => {
    const view = await renderSignedIn();
    const handler = hub('/videoShareHub').handlers.get('ReceiveVideoSharedNotification');
    view.unmount();
    handler?.('Late', 'after unmount', 'Ana');
    expect(useNotificationStore.getState().current).toBeNull();
  });
});
