import { ApiError, freshAccessToken } from '@/lib/api-client';
import { memberQuery, type MemberListParams } from './get-members';

/**
 * `GET /api/members/export.csv?…`: every member the screen's search and filters match, as a CSV file
 * (UTF-8, the screen's column names) that the browser saves as members.csv.
 */
export async function exportMembers(params: MemberListParams, language: string): Promise<void> {
  const token = await freshAccessToken();
  const res = await fetch(`/api/members/export.csv?${memberQuery(params, false)}`, {
    headers: {
      accept: 'text/csv',
      'accept-language': language,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'members.csv';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
