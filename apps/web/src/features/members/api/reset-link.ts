import { PasswordResetStatus, ResetLinkResponse } from '@openmat/contract/account';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/members/{fighterId}/password-reset-link`: a one-time link to hand a student (no SMTP). */
export function issueResetLink(fighterId: number): Promise<ResetLinkResponse> {
  return apiRequest(`/api/members/${String(fighterId)}/password-reset-link`, {
    method: 'POST',
    schema: ResetLinkResponse,
  });
}

/** Whether the server e-mails reset links itself; then instructors issue none. */
export function useResetByEmail() {
  return useQuery({
    queryKey: ['password-reset', 'status'],
    queryFn: () => apiRequest('/api/auth/v1/password-reset', { auth: false, schema: PasswordResetStatus }),
    staleTime: Infinity,
  });
}
