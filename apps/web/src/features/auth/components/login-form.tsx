import { Email } from '@openmat/contract/auth';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '@/components/forms/form-field';
import { useFocusAfterRender } from '@/components/forms/use-focus-after-render';
import { Alert } from '@/components/ui/alert';
import { showAlert } from '@/components/ui/alert-store';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/failure';
import { login } from '../auth-actions';

/**
 * E-mail and password, both required. An empty field or an e-mail that is not one gets the app's own
 * message under it, in the user's language (not the browser's bubble), and the focus. A failure shows the
 * server's reason; editing a field clears it.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const focusAfterRender = useFocusAfterRender();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const refused = {
      ...(email.trim() === ''
        ? { email: t('auth.emailRequired') }
        : Email.safeParse(email.trim()).success
          ? {}
          : { email: t('auth.emailInvalid') }),
      ...(password === '' ? { password: t('auth.passwordRequired') } : {}),
    };
    setMissing(refused);
    if (refused.email !== undefined || refused.password !== undefined) {
      focusAfterRender(refused.email !== undefined ? 'login-email' : 'login-password');
      return;
    }
    setPending(true);
    setError(null);
    try {
      if (await login(email, password)) onSuccess();
    } catch (caught) {
      console.error('Login failed', caught);
      const text = errorText(caught);
      // An answer from the server is shown on the form; anything else is an unexpected exception.
      if (text.responseText !== null) setError(text.responseText);
      else void showAlert(t('auth.unexpectedError', { message: text.message }), { tone: 'error' });
    } finally {
      setPending(false);
    }
  }

  // Both fields are marked invalid by a refused login, and described by the reason.
  // Otherwise each field takes its own message's wiring from its FormField.
  const failed = error !== null ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
      aria-labelledby="login-title"
    >
      <h2 id="login-title" className="text-xl font-semibold">
        {t('auth.loginTitle')}
      </h2>
      <FormField id="login-email" label={t('auth.email')} error={missing.email}>
        <Input
          {...failed}
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
            setMissing(({ password: stillMissing }) => ({ password: stillMissing }));
          }}
        />
      </FormField>
      <FormField id="login-password" label={t('auth.password')} error={missing.password}>
        <Input
          {...failed}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
            setMissing(({ email: stillMissing }) => ({ email: stillMissing }));
          }}
        />
      </FormField>
      {error !== null && (
        <Alert id={errorId} compact title={`${t('auth.loginFailed')}${error}`}>
          <p>{t('common.checkConsole')}</p>
        </Alert>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? t('auth.loggingIn') : t('auth.loginButton')}
      </Button>
      <Link
        to="/reset-password"
        className="self-center text-sm font-medium text-brand-700 underline underline-offset-4 dark:text-brand-500"
      >
        {t('auth.forgotPassword')}
      </Link>
    </form>
  );
}
