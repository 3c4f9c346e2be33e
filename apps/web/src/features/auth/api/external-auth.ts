import { ExternalAuthStatus } from '@openmat/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function getExternalAuthStatus(): Promise<ExternalAuthStatus> {
  return apiRequest('/api/externalauth/status', { auth: false, schema: ExternalAuthStatus });
}

export const externalAuthStatusQuery = () =>
  queryOptions({ queryKey: ['external-auth-status'], queryFn: getExternalAuthStatus, staleTime: Infinity });

/** Whether the server has external sign-in configured; the button is hidden when not. */
export function useExternalAuthStatus() {
  return useQuery(externalAuthStatusQuery());
}

/** The address that starts external sign-in, returning to this app's /sso-callback. */
export function externalSignInUrl(origin: string = window.location.origin): string {
  return `/api/externalauth/signin-google?returnUrl=${encodeURIComponent(`${origin}/sso-callback`)}`;
}
