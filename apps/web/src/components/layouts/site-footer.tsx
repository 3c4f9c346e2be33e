import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Copyright, the about, contact and privacy links, and any controls the app puts in (`children`). */
export function SiteFooter({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const linkClass = 'hover:text-zinc-900 hover:underline dark:hover:text-zinc-100';
  return (
    <footer className="border-t border-zinc-200 dark:border-zinc-800">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-zinc-600 sm:flex-row dark:text-zinc-400">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('footer.label')} className="flex gap-5">
          <Link to="/about" className={linkClass}>
            {t('footer.about')}
          </Link>
          <Link to="/contact" className={linkClass}>
            {t('footer.contact')}
          </Link>
          <Link to="/privacy" className={linkClass}>
            {t('footer.privacy')}
          </Link>
        </nav>
        {children}
      </div>
    </footer>
  );
}
