import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { rememberReturnPath } from '@/lib/return-to';
import { externalSignInUrl, useExternalAuthStatus } from '../api/external-auth';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden>
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.1-4 1.1-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.4 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8Z" />
    </svg>
  );
}

/** Starts external sign-in; hidden when the server has none configured. */
export function ExternalSignInButton() {
  const { t } = useTranslation();
  const { data } = useExternalAuthStatus();
  const [pending, setPending] = useState(false);
  if (!data?.enabled) return null;
  return (
    <Button
      variant="secondary"
      className="w-full"
      disabled={pending}
      onClick={() => {
        setPending(true);
        rememberReturnPath(window.location.search);
        window.location.assign(externalSignInUrl());
      }}
    >
      <GoogleMark />
      {pending ? t('auth.signingIn') : t('auth.externalSignIn')}
    </Button>
  );
}
