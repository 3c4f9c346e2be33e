import { useRef } from 'react';

/** A dialog that uses the hook, open now, and where the focus goes back when it closes. */
interface Opened {
  /** The dialog's content, where `onOpenAutoFocus` is dispatched. */
  content: EventTarget | null;
  opener: HTMLElement | null;
  /** The opener's ancestors, nearest first: where to look when the opener itself is gone. */
  around: HTMLElement[];
  /** Where it goes back when the opener is gone: the opener of the dialog it was opened from. */
  fallback: HTMLElement | null;
}

/** The open dialogs, oldest first (a chain: a confirmation, then the form it confirmed). */
const opened: Opened[] = [];

const DIALOG = '[role="dialog"],[role="alertdialog"]';
const FOCUSABLE =
  'a[href],button:not(:disabled),input:not(:disabled),select:not(:disabled),textarea:not(:disabled),[tabindex]:not([tabindex="-1"])';
/** How long the focus is kept near an opener whose action runs on, in milliseconds. */
const FOLLOW_MS = 15_000;

const usable = (element: HTMLElement | null): element is HTMLElement =>
  element !== null && element !== document.body && element.isConnected && !element.matches(':disabled');

/** Whether the focus is nowhere (on the page itself): nobody has put it anywhere since. */
const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Keeps the focus near a dialog's opener while the action it confirmed runs on: whenever the focus is
 * nowhere, it goes to the opener once that can take it (it was disabled meanwhile), or, once the opener is
 * gone (its row removed), to the first control of the nearest part of the page round it. It stops after
 * `FOLLOW_MS`, or as soon as the user presses a key or a pointer anywhere (the user leads from then on).
 */
function follow(opener: HTMLElement, around: readonly HTMLElement[]): void {
  const place = () => {
    if (!focusIsLost()) return;
    const target = !opener.isConnected ? nearby(around) : usable(opener) ? opener : null;
    target?.focus();
  };
  const observer = new MutationObserver(place);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  const timer = window.setTimeout(stop, FOLLOW_MS);
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  place();
}

/** The first control in the nearest part of the page round the opener that is still there. */
function nearby(around: readonly HTMLElement[]): HTMLElement | null {
  for (const ancestor of around) {
    if (!ancestor.isConnected) continue;
    const control = ancestor.querySelector<HTMLElement>(FOCUSABLE);
    if (control) return control;
  }
  return null;
}

function ancestorsOf(element: HTMLElement | null): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (let at = element?.parentElement ?? null; at && at !== document.body; at = at.parentElement) found.push(at);
  return found;
}

/**
 * Where the focus goes back when a dialog closes. A dialog opened from code, with no Radix trigger, would
 * otherwise leave keyboard users at the top of the page. `remember` (from `onOpenAutoFocus`) notes the
 * element that had the focus as the dialog opened, unless one is noted already; `restore` (from
 * `onCloseAutoFocus`) gives it the focus back:
 * - if the opener is disabled while the action it confirmed runs, once it is enabled again;
 * - if the action takes it away (a removed row's Remove), to the first control of the nearest part of the
 *   page round it that is still there (the next row's, or the list's section);
 * - if it was gone already, because the dialog was opened from another one that closed as it opened (a
 *   confirmation's Confirm opens the form it confirmed), where that dialog's focus would have gone.
 * While a newer dialog is open, a closing one leaves the focus to it.
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
      const from = inside ? opened.find((each) => each.content === inside) : usable(active) ? undefined : opened.at(-1);
      const fallback = from ? (usable(from.opener) ? from.opener : from.fallback) : null;
      entry.current = { content: event.target, opener: active, around: ancestorsOf(active), fallback };
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
      const { opener } = mine;
      // Opened from the page (not from a dialog that closed as this one opened): the focus follows the
      // opener, or what is left round it, as the action runs on.
      if (opener && opener !== document.body && !opener.closest(DIALOG)) {
        event.preventDefault();
        follow(opener, mine.around);
        return;
      }
      // The opener is gone and the page has put the focus somewhere meanwhile: it stays there.
      if (!usable(opener) && !focusIsLost()) {
        event.preventDefault();
        return;
      }
      const element = usable(opener) ? opener : usable(mine.fallback) ? mine.fallback : nearby(mine.around);
      if (element) {
        event.preventDefault();
        element.focus();
      }
    },
  };
}
