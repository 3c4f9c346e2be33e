import { AnalysisResult, type AnalysisFeedback, type AnalysisPatch } from '@openmat/contract/analysis';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';
import { videoKeys } from './video-keys';

/** `GET /vid/api/video/{videoId}/feedback`: the analysis, or null while none exists (404). */
export async function getAnalysisResult(videoId: number): Promise<AnalysisResult | null> {
  try {
    return await apiRequest(`/vid/api/video/${videoId}/feedback`, { schema: AnalysisResult });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const analysisResultQuery = (videoId: number) =>
  queryOptions({ queryKey: [...videoKeys.detail(videoId), 'analysis'], queryFn: () => getAnalysisResult(videoId) });

export function useAnalysisResult(videoId: number) {
  return useQuery(analysisResultQuery(videoId));
}

/** `PATCH /vid/api/video/{videoId}/analysis`: the lists sent replace the stored ones; the answer is the whole result. */
export function saveAnalysis(videoId: number, patch: AnalysisPatch): Promise<AnalysisResult> {
  return apiRequest(`/vid/api/video/${videoId}/analysis`, { method: 'PATCH', json: patch, schema: AnalysisResult });
}

/** Saves a correction; the page then shows the server's answer in place of what it had (spec section 4). */
export function useSaveAnalysis(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AnalysisPatch) => saveAnalysis(videoId, patch),
    onSuccess: (result) => queryClient.setQueryData(analysisResultQuery(videoId).queryKey, result),
  });
}

/** `POST /vid/api/video/{videoId}/analysis/feedback` `{helpful}`: 204, the server keeps it. */
export function sendAnalysisFeedback(videoId: number, feedback: AnalysisFeedback): Promise<null> {
  return apiRequest(`/vid/api/video/${videoId}/analysis/feedback`, {
    method: 'POST',
    json: feedback,
    schema: z.null(),
  });
}

export function useAnalysisFeedback(videoId: number) {
  return useMutation({ mutationFn: (helpful: boolean) => sendAnalysisFeedback(videoId, { helpful }) });
}
