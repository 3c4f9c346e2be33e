import { useRef } from 'react';

/**
 * Where the focus goes back when a dialog closes. A dialog opened from code, with no Radix trigger, would
 * otherwise leave keyboard users at the top of the page. `remember` (from `onOpenAutoFocus`) notes the
 * element that had the focus as the dialog opened, unless one is noted already; `restore` (from
 * `onCloseAutoFocus`) gives it the focus back, if it is still on the page and can take it.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      if (!opener.current && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    },
    restore: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (element?.isConnected && !element.matches(':disabled')) {
        event.preventDefault();
        element.focus();
      }
    },
  };
}
