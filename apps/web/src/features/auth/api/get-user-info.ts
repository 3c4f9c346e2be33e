import { ManageInfoResponse } from '@openmat/contract/auth';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/auth/v1/manage/info`: userInfo and fighterInfo. */
export function getUserInfo(): Promise<ManageInfoResponse> {
  return apiRequest('/api/auth/v1/manage/info', { schema: ManageInfoResponse });
}
