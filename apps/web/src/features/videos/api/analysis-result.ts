import { AnalysisResult, type AnalysisFeedback, type AnalysisPatch } from '@openmat/contract/analysis';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { ApiError, apiRequest, apiResponse } from '@/lib/api-client';
import { onRealtime } from '@/lib/realtime';
import { videoKeys } from './video-keys';

/** The analysis as read, and its revision (the `ETag`), which a correction names so it never replaces unseen work. */
export interface ReadAnalysis {
  result: AnalysisResult;
  revision: string | null;
}

/** `GET /vid/api/video/{videoId}/feedback`: the analysis, or null while none exists (404). */
export async function getAnalysisResult(videoId: number): Promise<ReadAnalysis | null> {
  try {
    const { body, headers } = await apiResponse(`/vid/api/video/${videoId}/feedback`, { schema: AnalysisResult });
    return { result: body, revision: headers.get('etag') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const analysisResultQuery = (videoId: number) =>
  queryOptions({ queryKey: [...videoKeys.detail(videoId), 'analysis'], queryFn: () => getAnalysisResult(videoId) });

/**
 * The analysis of one video. A run of it that ends (the analysis hub says so) changes the video and its
 * analysis, so an open page reads both again: a first analysis appears, a new run replaces the old one.
 */
export function useAnalysisResult(videoId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const readAgain = (id: number) => {
      if (id === videoId) void queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId) });
    };
    const stops = [onRealtime('AnalysisCompleted', readAgain), onRealtime('AnalysisFailed', readAgain)];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, videoId]);
  return useQuery(analysisResultQuery(videoId));
}

/**
 * `PATCH /vid/api/video/{videoId}/analysis`: the lists sent replace the stored ones; the answer is the whole
 * result. With the revision the page read, the server refuses (412) a correction made on an analysis that
 * changed since: another editor saved, or a new run was stored.
 */
export async function saveAnalysis(
  videoId: number,
  patch: AnalysisPatch,
  revision: string | null,
): Promise<ReadAnalysis> {
  const { body, headers } = await apiResponse(`/vid/api/video/${videoId}/analysis`, {
    method: 'PATCH',
    json: patch,
    schema: AnalysisResult,
    headers: revision === null ? {} : { 'if-match': revision },
  });
  return { result: body, revision: headers.get('etag') };
}

/** Whether a save was refused because the analysis changed since the page read it. */
export function isChangedSinceRead(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}

/**
 * Saves a correction; the page then shows the server's answer in place of what it had (spec section 4).
 * Refused because someone else changed the analysis meanwhile, the page reads it again.
 */
export function useSaveAnalysis(videoId: number) {
  const queryClient = useQueryClient();
  const key = analysisResultQuery(videoId).queryKey;
  return useMutation({
    mutationFn: (patch: AnalysisPatch) => saveAnalysis(videoId, patch, queryClient.getQueryData(key)?.revision ?? null),
    onSuccess: (read) => queryClient.setQueryData(key, read),
    onError: (error) => {
      if (isChangedSinceRead(error)) void queryClient.invalidateQueries({ queryKey: key });
    },
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
