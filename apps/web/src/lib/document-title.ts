import { useEffect } from 'react';

/** Names the browser tab: the page's title, then the app's name; the app's name alone without one. */
export function useTabTitle(pageTitle: string | null): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · OpenMat` : 'OpenMat';
  }, [pageTitle]);
}
