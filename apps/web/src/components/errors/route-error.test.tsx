import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { data } from 'react-router';
import { takeConsoleErrors } from '@/testing/console-guard';
import { renderWithApp } from '@/testing/render';
import { RouteError } from './route-error';

describe('RouteError', () => {
  /** Any address, whose loader fails with `response`. */
  const failedLoad = (response: ReturnType<typeof data>, options: { path?: string; language?: 'en' | 'pl' } = {}) =>
    renderWithApp(<div />, {
      ...options,
      routes: [
        {
          path: '*',
          element: <p>never shown</p>,
          hydrateFallbackElement: <p>Loading</p>,
          errorElement: <RouteError />,
          loader: () => {
            throw response;
          },
        },
      ],
    });

  const noPage = (language: 'en' | 'pl' = 'en') =>
    failedLoad(data(null, { status: 404 }), { path: '/nowhere/at-all', language });

  it("gives an address with no page a 'Page not found' screen with a way home, not the crash page", async () => {
    await noPage();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no page at \/nowhere\/at-all\./)).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it("says 'Nie znaleziono strony' in Polish", async () => {
    await noPage('pl');
    expect(await screen.findByRole('heading', { name: 'Nie znaleziono strony' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
    // The tab says so too, not just the app's name.
    expect(document.title).toBe('Nie znaleziono strony · OpenMat');
  });

  it("keeps 'Unexpected Application Error!' for a failed response", async () => {
    await failedLoad(data(null, { status: 503, statusText: 'Service Unavailable' }));
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('503 Service Unavailable')).toBeInTheDocument();
    expect(document.title).toBe('Unexpected Application Error! · OpenMat');
  });

  it('shows the message of a thrown error, in Polish too', async () => {
    function Broken(): never {
      throw new Error('Chart data was malformed');
    }
    await renderWithApp(<div />, {
      language: 'pl',
      routes: [{ path: '*', element: <Broken />, errorElement: <RouteError /> }],
    });
    expect(await screen.findByRole('heading', { name: 'Nieoczekiwany błąd aplikacji!' })).toBeInTheDocument();
    expect(screen.getByText('Chart data was malformed')).toBeInTheDocument();
    // React reports the caught error on the console; that report is expected here, and only here.
    expect(takeConsoleErrors().join(' ')).toContain('Chart data was malformed');
  });
});
