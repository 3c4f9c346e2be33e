import {
  PasswordResetStatus,
  PendingInstructorsResponse,
  type ChangePasswordRequest,
  type PasswordResetConfirm,
} from '@openmat/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/auth/v1/manage/password`: every other sign-in of the account ends. */
export function changePassword(payload: ChangePasswordRequest): Promise<null> {
  return apiRequest('/api/auth/v1/manage/password', { method: 'POST', json: payload, schema: z.null() });
}

/** `DELETE /api/auth/v1/manage/account`, confirmed with the password (or the e-mail without one). */
export function deleteAccount(confirmation: string): Promise<null> {
  return apiRequest('/api/auth/v1/manage/account', { method: 'DELETE', json: { confirmation }, schema: z.null() });
}

export const accountKeys = {
  resetStatus: ['password-reset', 'status'] as const,
  pendingInstructors: ['instructors', 'pending'] as const,
};

/** `GET /api/auth/v1/password-reset`: whether the server e-mails reset links. */
export const resetStatusQuery = () =>
  queryOptions({
    queryKey: accountKeys.resetStatus,
    queryFn: () => apiRequest('/api/auth/v1/password-reset', { auth: false, schema: PasswordResetStatus }),
    staleTime: Infinity,
  });

export function useResetStatus() {
  return useQuery(resetStatusQuery());
}

/** `POST /api/auth/v1/password-reset`: the same 202 whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<null> {
  return apiRequest('/api/auth/v1/password-reset', {
    method: 'POST',
    json: { email },
    auth: false,
    expectStatus: 202,
    schema: z.null(),
  });
}

/** `POST /api/auth/v1/password-reset/confirm`: a reset link's token and the new password. */
export function confirmPasswordReset(payload: PasswordResetConfirm): Promise<null> {
  return apiRequest('/api/auth/v1/password-reset/confirm', {
    method: 'POST',
    json: payload,
    auth: false,
    schema: z.null(),
  });
}

/** `GET /api/instructors/pending` (instructors only). */
export function usePendingInstructors(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.pendingInstructors,
    queryFn: () => apiRequest('/api/instructors/pending', { schema: PendingInstructorsResponse }),
    enabled,
  });
}

export function approveInstructor(userId: number): Promise<null> {
  return apiRequest(`/api/instructors/${String(userId)}/approve`, { method: 'POST', schema: z.null() });
}
