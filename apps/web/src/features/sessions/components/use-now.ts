import { useEffect, useState } from 'react';

/** A minute: how often the session list asks what time it is. */
const NOW_INTERVAL_MS = 60_000;

/**
 * The current time (`Date.now()`), read again every minute and whenever the page becomes visible
 * again (a phone waking up), so that what depends on it (which sessions have ended) stays current.
 */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const onVisibility = () => {
      if (document.visibilityState === 'visible') tick();
    };
    const timer = window.setInterval(tick, NOW_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
  return now;
}
