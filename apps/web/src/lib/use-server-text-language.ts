import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The server writes some of what it answers in the reader's language (lesson plans, analyses, pairing
 * reasons, search notices), asked for with each request. When the reader switches language, everything
 * read so far is read again, so that no page shows server text in the old language beside buttons in
 * the new one.
 */
export function useServerTextLanguage(): void {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  useEffect(() => {
    const readAgain = () => {
      void queryClient.invalidateQueries();
    };
    i18n.on('languageChanged', readAgain);
    return () => i18n.off('languageChanged', readAgain);
  }, [queryClient, i18n]);
}
