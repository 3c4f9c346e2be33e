import { useRef } from 'react';

/** A dialog that uses the hook, open now, and where the focus goes back when it closes. */
interface Opened {
  /** The dialog's content, where `onOpenAutoFocus` is dispatched. */
  content: EventTarget | null;
  opener: HTMLElement | null;
  /** Where it goes back when the opener is gone: the opener of the dialog it was opened from. */
  fallback: HTMLElement | null;
}

/** The open dialogs, oldest first (a chain: a confirmation, then the form it confirmed). */
const opened: Opened[] = [];

const DIALOG = '[role="dialog"],[role="alertdialog"]';

const usable = (element: HTMLElement | null): element is HTMLElement =>
  element !== null && element !== document.body && element.isConnected && !element.matches(':disabled');

/**
 * Where the focus goes back when a dialog closes. A dialog opened from code, with no Radix trigger, would
 * otherwise leave keyboard users at the top of the page. `remember` (from `onOpenAutoFocus`) notes the
 * element that had the focus as the dialog opened, unless one is noted already; `restore` (from
 * `onCloseAutoFocus`) gives it the focus back, if it is still on the page and can take it.
 *
 * A dialog opened from another one that closes as it opens (a confirmation's Confirm opens the form it
 * confirmed; Finalize closes a form and an alert says how it went) was opened by a button that is gone by
 * the time it closes: its focus then goes back where the first dialog's would have. While a newer dialog
 * is open, a closing one leaves the focus to it.
 */
export function useReturnFocus() {
  const entry = useRef<Opened | null>(null);
  return {
    remember: (event: Event) => {
      if (entry.current) return;
      const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const inside = active?.closest(DIALOG) ?? null;
      // The dialog it was opened from: the one the focus is in, or (the focus already dropped to the page
      // as that one went) the newest still open.
      const from = inside ? opened.find((each) => each.content === inside) : opened.at(-1);
      const fallback = from ? (usable(from.opener) ? from.opener : from.fallback) : null;
      entry.current = { content: event.target, opener: active, fallback };
      opened.push(entry.current);
    },
    restore: (event: Event) => {
      const mine = entry.current;
      entry.current = null;
      if (!mine) return;
      const at = opened.indexOf(mine);
      if (at >= 0) opened.splice(at, 1);
      // A dialog opened after this one is still open: the focus is its. (One taken off the page without
      // closing, by leaving the page, is forgotten.)
      for (let i = opened.length - 1; i >= Math.max(0, at); i--) {
        const content = opened[i]?.content;
        if (content instanceof Node && !content.isConnected) opened.splice(i, 1);
      }
      if (at >= 0 && at < opened.length) {
        event.preventDefault();
        return;
      }
      const element = usable(mine.opener) ? mine.opener : usable(mine.fallback) ? mine.fallback : null;
      if (element) {
        event.preventDefault();
        element.focus();
      }
    },
  };
}
