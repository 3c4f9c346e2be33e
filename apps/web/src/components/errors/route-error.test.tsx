import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { data } from 'react-router';
import { takeConsoleErrors } from '@/testing/console-guard';
import { renderWithApp } from '@/testing/render';
import { RouteError } from './route-error';

describe('RouteError', () => {
  it("reads 'Unexpected Application Error!' for an address with no page", async () => {
    await renderWithApp(<div />, {
      path: '/nowhere',
      routes: [
        {
          path: '*',
          element: <p>never shown</p>,
          hydrateFallbackElement: <p>Loading</p>,
          errorElement: <RouteError />,
          loader: () => {
            throw data(null, { status: 404 });
          },
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText(/404 Not Found/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
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
