import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Shown on a screen whose feature has not arrived yet, so that no route is a dead end. */
export function PagePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Construction className="h-12 w-12 text-brand-700 dark:text-brand-500" aria-hidden />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-zinc-600 dark:text-zinc-400">{t('placeholder.body')}</p>
    </section>
  );
}
