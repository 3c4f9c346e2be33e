import { LogIn } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { externalSignInUrl, useExternalAuthStatus } from '@/features/auth/api/external-auth';
import { cn } from '@/lib/cn';

/**
 * Under the register form: sign in with the external identity provider instead, which is how
 * instructors reach the premium features. Renders nothing unless the server has it configured.
 */
export function RegisterExternalSignIn({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { data } = useExternalAuthStatus();
  const id = useId();
  if (!data?.enabled) return null;
  return (
    <section aria-labelledby={id} className={cn('text-center', className)}>
      <div className="flex items-center gap-4" aria-hidden>
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        <span className="text-sm font-medium text-zinc-500 uppercase dark:text-zinc-400">{t('register.or')}</span>
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
      <h2 id={id} className="sr-only">
        {t('register.externalSignInTitle')}
      </h2>
      <p className="mt-4 text-zinc-600 dark:text-zinc-400">{t('register.externalSignInLead')}</p>
      <Button asChild variant="secondary" size="lg" className="mt-4 w-full sm:w-auto">
        <a href={externalSignInUrl()}>
          <LogIn className="h-5 w-5" aria-hidden />
          {t('register.externalSignIn')}
        </a>
      </Button>
    </section>
  );
}
