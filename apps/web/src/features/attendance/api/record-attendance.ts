import { AttendanceResponse, type AttendanceRecord } from '@openmat/contract/sessions';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/trainingsession/{id}/attendance`. A refusal is a 400 `{success: false, message}`; the
 * thrown ApiError reads it as a `{message}` body (`errorText(error).serverMessage`).
 */
export function recordAttendance(sessionId: number, records: AttendanceRecord[]): Promise<AttendanceResponse> {
  return apiRequest(`/api/trainingsession/${sessionId}/attendance`, {
    method: 'POST',
    json: { records },
    schema: AttendanceResponse,
  });
}
