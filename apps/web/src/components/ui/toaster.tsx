import { CircleAlert, CircleCheck, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { TOAST_SWIPE_THRESHOLD_PX, useToastStore, type Toast, type ToastTone } from './toast-store';

const TONES: Record<ToastTone, { icon: LucideIcon; className: string; bar: string }> = {
  info: { icon: Info, className: 'text-brand-700 dark:text-brand-500', bar: 'bg-brand-500' },
  success: { icon: CircleCheck, className: 'text-emerald-600 dark:text-emerald-400', bar: 'bg-emerald-500' },
  warning: { icon: TriangleAlert, className: 'text-amber-600 dark:text-amber-400', bar: 'bg-amber-500' },
  error: { icon: CircleAlert, className: 'text-red-600 dark:text-red-400', bar: 'bg-red-500' },
};

/**
 * One toast: it closes by itself when its time is up, and stands still while the pointer is on it or
 * the focus is in it, so that it can be read. Its close button, Escape, or a swipe sideways of at
 * least 50 px closes it sooner.
 */
function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const remaining = useRef(toast.duration);
  const paused = hovered || focused || offset !== 0;

  useEffect(() => {
    if (paused) return undefined;
    const started = Date.now();
    const timer = window.setTimeout(onClose, remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, onClose]);

  const tone = TONES[toast.tone];
  const Icon = tone.icon;
  const endSwipe = () => {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    if (Math.abs(offset) >= TOAST_SWIPE_THRESHOLD_PX) onClose();
    else setOffset(0);
  };

  return (
    <div
      role={toast.tone === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      data-testid="toast"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => {
        setHovered(false);
        endSwipe();
      }}
      onPointerDown={(event: PointerEvent<HTMLDivElement>) => {
        if (event.button === 0) swipeStart.current = event.clientX;
      }}
      onPointerMove={(event: PointerEvent<HTMLDivElement>) => {
        if (swipeStart.current !== null) setOffset(event.clientX - swipeStart.current);
      }}
      onPointerUp={endSwipe}
      onPointerCancel={endSwipe}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      style={
        offset === 0
          ? undefined
          : { transform: `translateX(${offset}px)`, opacity: 1 - Math.min(Math.abs(offset) / 200, 0.6) }
      }
      className="pointer-events-auto relative w-full touch-pan-y overflow-hidden rounded-lg border border-zinc-200 bg-white text-zinc-900 shadow-lg select-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="flex items-start gap-3 p-4 pr-3">
        <Icon className={cn('mt-0.5 h-5 w-5 shrink-0', tone.className)} aria-hidden />
        <div className="min-w-0 flex-1 space-y-1 text-sm break-words">
          <p className="font-semibold">{toast.title}</p>
          {toast.description && <p className="text-zinc-700 dark:text-zinc-300">{toast.description}</p>}
        </div>
        {toast.action && (
          <button
            type="button"
            onClick={() => {
              toast.action?.onAction();
              onClose();
            }}
            className="text-brand-700 hover:bg-brand-50 dark:text-brand-400 -my-1 shrink-0 rounded px-2 py-1 text-sm font-semibold dark:hover:bg-zinc-800"
          >
            {toast.action.label}
          </button>
        )}
        <button
          type="button"
          onClick={onClose}
          className="-mt-1 rounded p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
          aria-label={t('toast.close')}
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </div>
      <div
        className={cn('animate-shrink absolute bottom-0 left-0 h-1 opacity-70 motion-reduce:hidden', tone.bar)}
        style={{ animationDuration: `${toast.duration}ms`, animationPlayState: paused ? 'paused' : 'running' }}
        aria-hidden
      />
    </div>
  );
}

/**
 * The app's toasts, rendered once by the app (next to the alert dialog): the toast of `useToastStore`,
 * at the bottom of the screen. The live region is always there, so that each toast is read out as it
 * appears.
 */
export function Toaster() {
  const current = useToastStore((state) => state.current);
  const dismiss = useToastStore((state) => state.dismiss);
  const currentId = current?.id;
  const close = useCallback(() => {
    if (currentId !== undefined) dismiss(currentId);
  }, [currentId, dismiss]);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-70 flex flex-col items-center sm:inset-x-auto sm:right-4 sm:w-full sm:max-w-sm"
    >
      {current && <ToastCard key={current.id} toast={current} onClose={close} />}
    </div>
  );
}
