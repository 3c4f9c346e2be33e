import { Bell, X } from 'lucide-react';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotificationStore } from '../stores/notification-store';

/** A notification banner closes by itself after 5 seconds. */
export const BANNER_DURATION_MS = 5000;

/**
 * Hidden until a notification arrives; then visible for 5 seconds with a progress bar, or until closed.
 * While the keyboard focus is in it (on its link or its close button) the 5 seconds wait, so that it does
 * not vanish under the reader; Escape closes it, and the focus then goes back where it came from.
 */
export function NotificationBanner() {
  const { t } = useTranslation();
  const current = useNotificationStore((state) => state.current);
  const dismiss = useNotificationStore((state) => state.dismiss);
  const [held, setHeld] = useState(false);
  const remaining = useRef(BANNER_DURATION_MS);
  // Where the focus was before it came into the banner.
  const cameFrom = useRef<HTMLElement | null>(null);

  useEffect(() => {
    // A new notification has its whole 5 seconds.
    remaining.current = BANNER_DURATION_MS;
  }, [current]);
  useEffect(() => {
    if (!current || held) return undefined;
    const started = Date.now();
    const timer = window.setTimeout(dismiss, remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [current, held, dismiss]);

  /** Closes it from the keyboard or its button, giving the focus back if it was inside. */
  function close(focusInside: boolean) {
    const back = cameFrom.current;
    cameFrom.current = null;
    setHeld(false);
    dismiss();
    if (!focusInside) return;
    if (back?.isConnected) back.focus();
    else document.getElementById('main')?.focus();
  }

  const inside = (event: FocusEvent<HTMLElement>, target: EventTarget | null) =>
    target instanceof Node && event.currentTarget.contains(target);

  return (
    <div aria-live="polite" className="sticky top-0 z-40">
      {current && (
        <div
          key={current.id}
          role="status"
          className="relative overflow-hidden bg-brand-700 text-white shadow-md"
          data-testid="notification-banner"
          onFocus={(event) => {
            if (inside(event, event.relatedTarget)) return;
            cameFrom.current = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
            setHeld(true);
          }}
          onBlur={(event) => {
            if (!inside(event, event.relatedTarget)) setHeld(false);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            close(true);
          }}
        >
          <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3">
            <Bell className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{current.title}</p>
              <p className="text-sm [overflow-wrap:anywhere]">{current.message}</p>
              {current.sharedBy && (
                <p className="text-sm opacity-90">{t('notifications.sharedBy', { name: current.sharedBy })}</p>
              )}
            </div>
            {current.link && (
              <Link
                to={current.link.to}
                onClick={dismiss}
                className="shrink-0 self-center rounded-md bg-white/15 px-3 py-1.5 text-sm font-semibold hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
              >
                {current.link.label}
              </Link>
            )}
            <button
              type="button"
              onClick={(event) => close(event.currentTarget.contains(document.activeElement))}
              className="rounded p-1 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
              aria-label={t('notifications.close')}
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
          </div>
          <div
            className="animate-shrink absolute bottom-0 left-0 h-1 bg-white/70"
            style={{ animationDuration: `${BANNER_DURATION_MS}ms`, animationPlayState: held ? 'paused' : 'running' }}
            aria-hidden
          />
        </div>
      )}
    </div>
  );
}
