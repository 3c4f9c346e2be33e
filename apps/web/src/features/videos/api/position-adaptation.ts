import { PositionAdaptationResponse } from '@openmat/contract/analysis';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { videoKeys } from './video-keys';

/** `GET /vid/api/analysis/adaptation` (instructors): how much the ribbon agrees with the coaches' corrections. */
export function getPositionAdaptation(): Promise<PositionAdaptationResponse> {
  return apiRequest('/vid/api/analysis/adaptation', { schema: PositionAdaptationResponse });
}

export const positionAdaptationQuery = () =>
  queryOptions({ queryKey: videoKeys.adaptation(), queryFn: getPositionAdaptation });

/** The figures; fetched only while `enabled` (for instructors: students are not told them). */
export function usePositionAdaptation({ enabled }: { enabled: boolean }) {
  return useQuery({ ...positionAdaptationQuery(), enabled });
}
