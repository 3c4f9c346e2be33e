import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTabTitle } from '@/lib/document-title';
import { NotFoundPage } from './not-found-page';

/** The red page of a real failure. */
function FailurePage({ detail }: { detail: string | null }) {
  const { t } = useTranslation();
  useTabTitle(t('error.title'));
  return (
    <section role="alert" className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center">
      <TriangleAlert className="h-12 w-12 text-red-600" aria-hidden />
      <h1 className="text-3xl font-bold">{t('error.title')}</h1>
      {detail && <p className="text-zinc-600 dark:text-zinc-400">{detail}</p>}
      <Link to="/" className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-500">
        {t('error.home')}
      </Link>
    </section>
  );
}

/** The router's generic error page; an address with no page gets the calmer 'Page not found'. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return <FailurePage detail={detail} />;
}
