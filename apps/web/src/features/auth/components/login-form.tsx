import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/failure';
import { login } from '../auth-actions';

const inputClass =
  'h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-950 aria-[invalid=true]:border-red-500';

/** E-mail and password. A failure shows the server's reason; editing a field clears it. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      if (await login(email, password)) onSuccess();
    } catch (caught) {
      console.error('Login failed', caught);
      const text = errorText(caught);
      // An answer from the server is shown on the form; anything else is an unexpected exception.
      if (text.responseText !== null) setError(text.responseText);
      else window.alert(t('auth.unexpectedError', { message: text.message }));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-labelledby="login-title">
      <h2 id="login-title" className="text-xl font-semibold">
        {t('auth.loginTitle')}
      </h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="login-email" className="text-sm font-medium">
          {t('auth.email')}
        </label>
        <input
          id="login-email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          aria-invalid={error !== null}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          className={inputClass}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="login-password" className="text-sm font-medium">
          {t('auth.password')}
        </label>
        <input
          id="login-password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          aria-invalid={error !== null}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
          className={inputClass}
        />
      </div>
      {error !== null && (
        <div
          role="alert"
          className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
        >
          <p>
            {t('auth.loginFailed')}
            {error}
          </p>
          <p>{t('common.checkConsole')}</p>
        </div>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? t('auth.loggingIn') : t('auth.loginButton')}
      </Button>
    </form>
  );
}
