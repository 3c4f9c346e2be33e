import { MemberListPage, type MemberBeltFilter, type MemberSort } from '@openmat/contract/members';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** What the members screen asks for: its search, filters, sort and page. */
export interface MemberListParams {
  search: string;
  belt: MemberBeltFilter | '';
  notSeen: boolean;
  /** Only those who meet the academy's promotion rules. */
  ready?: boolean;
  sort: MemberSort;
  order: 'asc' | 'desc';
  page: number;
}

/** Members a page of the screen. */
export const MEMBER_PAGE_SIZE = 50;

export const memberKeys = {
  all: ['members'] as const,
  list: (params: MemberListParams) => [...memberKeys.all, 'list', params] as const,
  detail: (id: number) => [...memberKeys.all, 'detail', id] as const,
};

/** The query string of the list and of its CSV export (which ignores the page). */
export function memberQuery(params: MemberListParams, paged = true): string {
  const query = new URLSearchParams({ sort: params.sort, order: params.order });
  if (params.search.trim() !== '') query.set('search', params.search.trim());
  if (params.belt !== '') query.set('belt', params.belt);
  if (params.notSeen) query.set('notSeen', 'true');
  if (params.ready) query.set('ready', 'true');
  if (paged) {
    query.set('limit', String(MEMBER_PAGE_SIZE));
    query.set('page', String(params.page));
  }
  return query.toString();
}

/** `GET /api/members?…`: one page of the instructor's members. */
export function getMembers(params: MemberListParams): Promise<MemberListPage> {
  return apiRequest(`/api/members?${memberQuery(params)}`, { schema: MemberListPage });
}

export const membersQuery = (params: MemberListParams) =>
  queryOptions({ queryKey: memberKeys.list(params), queryFn: () => getMembers(params) });

export function useMembers(params: MemberListParams) {
  return useQuery({ ...membersQuery(params), placeholderData: keepPreviousData });
}
