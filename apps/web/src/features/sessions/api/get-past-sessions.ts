import { SESSION_LIST, TrainingSession } from '@openmat/contract/sessions';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiResponse } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** Sessions per page of the Past view. */
export const PAST_PAGE_SIZE = 20;

export interface PastSessionsPage {
  sessions: TrainingSession[];
  /** The server's next page (from its `Link` header), or null on the last one. */
  next: string | null;
}

const NEXT_LINK = /<([^>]+)>;\s*rel="next"/;

/**
 * The first page of the Past view: every session that started before `before`, newest first. Those still
 * in progress are among them; the view leaves them out until they have ended.
 */
export function pastSessionsPath(before: string, limit: number = PAST_PAGE_SIZE): string {
  const query = new URLSearchParams({
    to: before,
    order: 'desc',
    limit: String(Math.min(limit, SESSION_LIST.maxLimit)),
  });
  return `/api/trainingsession?${query.toString()}`;
}

/** One page of past sessions, with the address of the next page the server gave. */
export async function getPastSessions(path: string): Promise<PastSessionsPage> {
  const { body, headers } = await apiResponse(path, { schema: z.array(TrainingSession) });
  const next = NEXT_LINK.exec(headers.get('link') ?? '')?.[1] ?? null;
  return { sessions: body, next };
}

export const pastSessionsQuery = (before: string) =>
  infiniteQueryOptions({
    queryKey: [...sessionKeys.list(), 'past', before] as const,
    queryFn: ({ pageParam }) => getPastSessions(pageParam),
    initialPageParam: pastSessionsPath(before),
    getNextPageParam: (page: PastSessionsPage) => page.next ?? undefined,
  });

/** The Past view: paged on the server, newest first (the `Link` header leads to older sessions). */
export function usePastSessions(before: string, enabled: boolean) {
  return useInfiniteQuery({ ...pastSessionsQuery(before), enabled });
}
