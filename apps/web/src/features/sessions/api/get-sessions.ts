import { SESSION_LIST, TrainingSession } from '@openmat/contract/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** What the session screen asks for: a bounded window, never the whole history (ADR 0014). */
export interface SessionWindow {
  /** The start of yesterday in local time, as an ISO instant. */
  from: string;
  limit: number;
}

/**
 * The session screen's window: every session from the start of yesterday (local time) on, soonest
 * first, at most 100 (ten pages of the table). Yesterday stays in view so that an instructor can
 * still take attendance or close last night's class.
 */
export function sessionWindow(now: Date = new Date()): SessionWindow {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).toISOString();
  return { from, limit: SESSION_LIST.maxLimit };
}

export const sessionKeys = {
  all: ['training-sessions'] as const,
  list: () => [...sessionKeys.all, 'list'] as const,
  window: (range: SessionWindow) => [...sessionKeys.list(), range] as const,
  detail: (id: number) => [...sessionKeys.all, 'detail', id] as const,
};

/** `GET /api/trainingsession?from=…&limit=…`: the sessions of the window, soonest first. */
export function getSessions(range: SessionWindow): Promise<TrainingSession[]> {
  const query = new URLSearchParams({ from: range.from, limit: String(range.limit) });
  return apiRequest(`/api/trainingsession?${query.toString()}`, { schema: z.array(TrainingSession) });
}

export const sessionsQuery = (range: SessionWindow = sessionWindow()) =>
  queryOptions({ queryKey: sessionKeys.window(range), queryFn: () => getSessions(range) });

export function useSessions() {
  return useQuery(sessionsQuery());
}
