import { GraduationCap, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { ExternalSignInButton } from './external-sign-in-button';
import { LoginForm } from './login-form';

/** The login block beside the landing hero: blurbs, the form, external sign-in and the register link. */
export function LoginPanel({ ssoError, onSuccess }: { ssoError: string | null; onSuccess: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className="flex w-full flex-col gap-5 text-left">
      <p className="text-center text-2xl font-bold tracking-tight">{t('auth.trainLikeWarrior')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg bg-brand-50 p-3 dark:bg-brand-900/30">
          <p className="flex items-center gap-2 font-semibold">
            <GraduationCap className="h-4 w-4" aria-hidden />
            {t('auth.forStudents')}
          </p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('auth.forStudentsText')}</p>
        </div>
        <div className="rounded-lg bg-brand-50 p-3 dark:bg-brand-900/30">
          <p className="flex items-center gap-2 font-semibold">
            <Users className="h-4 w-4" aria-hidden />
            {t('auth.forInstructors')}
          </p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('auth.forInstructorsText')}</p>
        </div>
      </div>
      {ssoError && (
        <Alert compact>
          <p>{t('auth.ssoError', { error: ssoError })}</p>
        </Alert>
      )}
      <LoginForm onSuccess={onSuccess} />
      <ExternalSignInButton />
      <Link
        to="/register"
        className="text-center text-sm font-medium text-brand-700 underline underline-offset-4 dark:text-brand-500"
      >
        {t('auth.registerLink')}
      </Link>
    </Card>
  );
}
