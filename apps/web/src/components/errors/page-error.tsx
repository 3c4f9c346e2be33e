import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { Failure } from '@/lib/failure';

/** A failure shown in place of the page: what failed, the server's reason, and a way on. */
export function PageError({
  failure,
  backTo,
  onRetry,
}: {
  failure: Failure;
  backTo: { to: string; label: string };
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <TriangleAlert className="h-10 w-10 text-red-600" aria-hidden />
      <h1 className="text-2xl font-semibold">{failure.message}</h1>
      {failure.details.map((detail, index) => (
        <p key={`${index}-${detail}`} className="text-zinc-600 dark:text-zinc-400">
          {detail}
        </p>
      ))}
      <div className="flex flex-wrap justify-center gap-3">
        {onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        )}
        <Button asChild>
          <Link to={backTo.to}>{backTo.label}</Link>
        </Button>
      </div>
    </section>
  );
}
