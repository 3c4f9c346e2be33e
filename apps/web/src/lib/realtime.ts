import type { HubMethodArguments, HubMethodName } from '@openmat/contract/realtime';
import { useEffect } from 'react';

/**
 * What the hubs say, for the features: `onRealtime` listens to one client method. The connections
 * themselves (and the SignalR client, which is large) load only for a signed-in user, from
 * realtime-connection.ts.
 */

/** After a dropped connection the client tries again after 0, 2, 10 and 30 seconds, then stops. */
export const RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000];

type Listener<M extends HubMethodName> = (...args: HubMethodArguments[M]) => void;

const listeners: { [M in HubMethodName]: Set<Listener<M>> } = {
  ReceiveVideoSharedNotification: new Set(),
  AnalysisCompleted: new Set(),
  AnalysisFailed: new Set(),
  AnalysisProgress: new Set(),
};

/**
 * Listens to one client method of the hubs, on every connection this page has open. Answers the
 * function that stops listening. Features listen here; they never see a connection.
 */
export function onRealtime<M extends HubMethodName>(method: M, listener: Listener<M>): () => void {
  const set: Set<Listener<M>> = listeners[method];
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Hands what a hub sent (already checked against the contract) to the listeners of its method. */
export function deliver<M extends HubMethodName>(method: M, args: HubMethodArguments[M]): void {
  const set: Set<Listener<M>> = listeners[method];
  for (const listener of set) {
    try {
      listener(...args);
    } catch (error) {
      console.warn(`[realtime] a listener of ${method} failed`, error);
    }
  }
}

/** Closes the hubs this page has open (settled once they are closed); null when none are. */
let closeOpen: (() => Promise<void>) | null = null;

/** Registers how to close the hubs just opened (`useRealtimeConnection`); null when they are closed. */
export function realtimeOpened(close: (() => Promise<void>) | null): void {
  closeOpen = close;
}

/**
 * Closes the hubs, if any are open, and settles once they are closed: a connection still opening first
 * finishes opening. Signing out waits for it before the session is revoked, so that no connection reaches
 * the server after it (the server would refuse it, and the browser report a failed socket).
 */
export async function closeRealtime(): Promise<void> {
  const close = closeOpen;
  closeOpen = null;
  await close?.();
}

/**
 * Keeps the hubs open while `signedIn` holds: started on page load (once the session is known to be
 * live), stopped when the layout goes.
 */
export function useRealtimeConnection(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    let stop: (() => Promise<void>) | null = null;
    let live = true;
    void import('./realtime-connection').then(({ startRealtime }) => {
      if (!live) return;
      stop = startRealtime();
      realtimeOpened(stop);
    });
    return () => {
      live = false;
      if (stop) void stop();
      realtimeOpened(null);
    };
  }, [signedIn]);
}
