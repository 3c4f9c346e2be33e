import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { RegisterExternalSignIn } from '@/features/auth/components/register-external-sign-in';
import { RegisterForm } from '@/features/auth/components/register-form';

/** /register: the registration form and, when the server offers it, sign-in with Google instead. */
export function RegisterRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{t('register.title')}</h1>
        <p className="mt-3 text-lg text-pretty text-zinc-600 dark:text-zinc-400">{t('register.lead')}</p>
      </header>
      <Card className="mx-auto mt-10 max-w-3xl p-5 sm:p-8">
        <RegisterForm />
      </Card>
      <RegisterExternalSignIn className="mx-auto mt-10 max-w-3xl" />
    </div>
  );
}
