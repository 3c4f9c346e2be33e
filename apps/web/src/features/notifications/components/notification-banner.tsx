import { Bell, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotificationStore } from '../stores/notification-store';

/** A notification banner closes by itself after 5 seconds. */
export const BANNER_DURATION_MS = 5000;

/** Hidden until a notification arrives; then visible for 5 seconds with a progress bar, or until closed. */
export function NotificationBanner() {
  const { t } = useTranslation();
  const current = useNotificationStore((state) => state.current);
  const dismiss = useNotificationStore((state) => state.dismiss);

  useEffect(() => {
    if (!current) return undefined;
    const timer = window.setTimeout(dismiss, BANNER_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current, dismiss]);

  return (
    <div aria-live="polite" className="sticky top-0 z-40">
      {current && (
        <div
          key={current.id}
          role="status"
          className="relative overflow-hidden bg-brand-700 text-white shadow-md"
          data-testid="notification-banner"
        >
          <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3">
            <Bell className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{current.title}</p>
              <p className="truncate text-sm">{current.message}</p>
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
              onClick={dismiss}
              className="rounded p-1 hover:bg-white/15"
              aria-label={t('notifications.close')}
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
          </div>
          <div
            className="animate-shrink absolute bottom-0 left-0 h-1 bg-white/70"
            style={{ animationDuration: `${BANNER_DURATION_MS}ms` }}
            aria-hidden
          />
        </div>
      )}
    </div>
  );
}
