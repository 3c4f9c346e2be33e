import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

/** Where saving, closing and deleting a session lead, and where the form's back link goes. */
export const AFTER_SAVE = '/class-session';

/** The page around the session form: a way back, the title and a short lead, then the card. */
export function SessionFormPage({
  titleId,
  title,
  lead,
  children,
}: {
  titleId: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to={AFTER_SAVE}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t('sessions.form.back')}
      </Link>
      <h1 id={titleId} className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
        {title}
      </h1>
      <p className="mt-2 text-pretty text-zinc-600 dark:text-zinc-400">{lead}</p>
      <Card className="mt-8 p-5 sm:p-8">{children}</Card>
    </div>
  );
}
