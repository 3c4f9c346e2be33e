import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { takeReturnPath } from '@/lib/return-to';
import { completeExternalSignIn } from '../auth-actions';

/**
 * The return address of external sign-in. It reads token, refreshToken and error, takes them out of
 * the address bar at once, and signs in or goes back to /login with the error.
 */
export function SsoCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const params = new URLSearchParams(window.location.search);
    const token = params.get('token');
    const refreshToken = params.get('refreshToken');
    const error = params.get('error');
    window.history.replaceState(window.history.state, '', window.location.pathname);
    // The page a deep link asked for before the visitor left for the provider.
    const back = takeReturnPath();
    if (error) {
      void navigate(`/login?error=${encodeURIComponent(error)}`, { replace: true });
    } else if (!token || !refreshToken) {
      void navigate('/login?error=SSO-failed-unexpected', { replace: true });
    } else {
      void completeExternalSignIn(token, refreshToken).then((ok) => {
        if (ok) void navigate(back ?? '/class-session', { replace: true });
      });
    }
  }, [navigate]);

  return (
    <section className="flex flex-col items-center gap-4 px-4 py-24">
      <Spinner label={t('auth.signingYouIn')} />
      <h1 className="text-xl font-semibold">{t('auth.signingYouIn')}</h1>
    </section>
  );
}
