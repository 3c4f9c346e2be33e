import { useLayoutEffect } from 'react';

/**
 * Names the browser tab: the page's title, then the app's name; the app's name alone without one. Set as
 * the page is put on screen (a layout effect), not after it is painted, so that whoever sees the page, a
 * test that found its heading included, finds the tab named too.
 */
export function useTabTitle(pageTitle: string | null): void {
  useLayoutEffect(() => {
    document.title = pageTitle ? `${pageTitle} · OpenMat` : 'OpenMat';
  }, [pageTitle]);
}
