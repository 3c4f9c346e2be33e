import { ArrowLeft, Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTabTitle } from '@/lib/document-title';

/**
 * An address with no page (or an id that cannot exist): a calm page of its own, not the red error
 * page, which is kept for real failures. It names the address and offers a way back and a way home.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useTabTitle(t('notFound.title'));
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Compass className="h-12 w-12 text-zinc-400" aria-hidden />
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">
        {t('notFound.body', { path: pathname })}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-4">
        {window.history.length > 1 && (
          <button
            type="button"
            onClick={() => void navigate(-1)}
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-4 dark:text-brand-500"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            {t('notFound.back')}
          </button>
        )}
        <Link to="/" className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-500">
          {t('error.home')}
        </Link>
      </div>
    </section>
  );
}
