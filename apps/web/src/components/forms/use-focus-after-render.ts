import { useLayoutEffect, useRef } from 'react';

/**
 * Asks for the focus to go to an element once the page has been drawn again: the field whose message a
 * refused submit has just shown, in a form whose submit button was disabled while it was sent (a disabled
 * button loses the focus, and the keyboard user would start again at the top of the page).
 */
export function useFocusAfterRender(): (id: string) => void {
  const wanted = useRef<string | null>(null);
  // A layout effect: the focus moves in the same commit that draws the message, before the next paint.
  useLayoutEffect(() => {
    const id = wanted.current;
    if (id === null) return;
    wanted.current = null;
    document.getElementById(id)?.focus();
  });
  return (id) => {
    wanted.current = id;
  };
}
