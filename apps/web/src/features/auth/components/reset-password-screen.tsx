import { CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '@/components/forms/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { showToast } from '@/components/ui/toast-store';
import { errorText } from '@/lib/failure';
import { confirmPasswordReset, requestPasswordReset, useResetStatus } from '../api/account';
import { serverFieldErrors } from './server-field-errors';

const success =
  'flex items-start gap-2 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900 dark:border-green-900 dark:bg-green-950/50 dark:text-green-200';

/** Asks for a reset link by e-mail; the answer is the same whether or not the address has an account. */
function RequestResetForm() {
  const { t } = useTranslation();
  const status = useResetStatus();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  if (status.isPending) return <Spinner label={t('common.loading')} />;
  if (status.isError || !status.data.byEmail) {
    return <p className="text-zinc-700 dark:text-zinc-300">{t('account.reset.askInstructor')}</p>;
  }
  if (sent) {
    return (
      <p role="status" className={success}>
        <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        {t('account.reset.sent', { email })}
      </p>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError(t('account.reset.emailRequired'));
      return;
    }
    setPending(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (caught) {
      const refused = serverFieldErrors(caught, ['email'] as const);
      setError(refused.fields.email ?? refused.form);
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-zinc-700 dark:text-zinc-300">{t('account.reset.requestLead')}</p>
      <FormField id="reset-email" label={t('auth.email')} error={error ?? undefined}>
        <Input
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
      </FormField>
      <Button type="submit" disabled={pending} className="self-start">
        {pending ? t('account.reset.sending') : t('account.reset.send')}
      </Button>
    </form>
  );
}

/** Chooses a new password with a reset link's token. */
function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; repeat?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setErrors({ newPassword: t('account.password.newRequired') });
    if (password !== repeat) return setErrors({ repeat: t('account.password.mismatch') });
    setPending(true);
    try {
      await confirmPasswordReset({ token, newPassword: password });
      showToast({ tone: 'success', title: t('account.reset.done') });
      onDone();
    } catch (caught) {
      const refused = serverFieldErrors(caught, ['newPassword', 'token'] as const);
      setErrors({ ...(refused.fields.newPassword ? { newPassword: refused.fields.newPassword } : {}) });
      setFormError(
        refused.fields.token ?? refused.form ?? (refused.fields.newPassword ? null : errorText(caught).message),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormField id="reset-new" label={t('account.password.newPassword')} error={errors.newPassword}>
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors({});
            setFormError(null);
          }}
        />
      </FormField>
      <FormField id="reset-repeat" label={t('account.password.repeatPassword')} error={errors.repeat}>
        <Input
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => {
            setRepeat(event.target.value);
            setErrors({});
          }}
        />
      </FormField>
      {formError && (
        <Alert compact>
          <p>{formError}</p>
        </Alert>
      )}
      <Button type="submit" disabled={pending} className="self-start">
        {pending ? t('account.password.saving') : t('account.reset.setPassword')}
      </Button>
    </form>
  );
}

/** /reset-password: with a link's token, a new password; without one, asking for a link. */
export function ResetPasswordScreen({ token, onDone }: { token: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      {token ? <NewPasswordForm token={token} onDone={onDone} /> : <RequestResetForm />}
      <Link to="/login" className="text-sm font-medium text-brand-700 underline underline-offset-4 dark:text-brand-500">
        {t('account.reset.backToLogin')}
      </Link>
    </div>
  );
}
