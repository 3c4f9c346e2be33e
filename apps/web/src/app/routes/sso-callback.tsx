import { SsoCallback } from '@/features/auth/components/sso-callback';

export function SsoCallbackRoute() {
  return <SsoCallback />;
}
