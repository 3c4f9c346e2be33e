import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguageToDocument } from '@/lib/languages';
import { renderWithApp } from '@/testing/render';
import { useServerTextLanguage } from './use-server-text-language';

afterEach(() => applyLanguageToDocument('en'));

/** A page that shows text the server wrote in the language of the request (the document's, as the API client sends it). */
function Page() {
  useServerTextLanguage();
  const { i18n } = useTranslation();
  const answer = useQuery({
    queryKey: ['plan'],
    queryFn: () => Promise.resolve(document.documentElement.lang === 'pl' ? 'Rozgrzewka' : 'Warm-up'),
  });
  return (
    <>
      <p>{answer.data}</p>
      <button
        type="button"
        onClick={() => {
          // As the preferences switch it: the document's language, then the interface's.
          applyLanguageToDocument('pl');
          void i18n.changeLanguage('pl');
        }}
      >
        pl
      </button>
    </>
  );
}

describe('server text after a language switch', () => {
  it('is read again in the new language', async () => {
    applyLanguageToDocument('en');
    await renderWithApp(<Page />);
    expect(await screen.findByText('Warm-up')).toBeVisible();
    act(() => screen.getByRole('button', { name: 'pl' }).click());
    expect(await screen.findByText('Rozgrzewka')).toBeVisible();
  });
});
