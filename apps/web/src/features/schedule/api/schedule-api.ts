import {
  Holiday,
  HolidayChange,
  RecurringClass,
  RecurringClassChange,
  type HolidayInput,
  type RecurringClassInput,
  type RecurringClassUpdate,
} from '@openmat/contract/schedule';
import { TrainingSession } from '@openmat/contract/sessions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/**
 * The seven days the timetable shows: from 00:00 local time of `now`'s day (moved by `weeks` weeks) to
 * the same time seven days later. Starting today, a Sunday shows the coming week's classes, not the
 * week that is ending.
 */
export function sevenDaysFrom(now: Date = new Date(), weeks = 0): { from: Date; to: Date } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 7 * weeks);
  const to = new Date(from.getFullYear(), from.getMonth(), from.getDate() + 7);
  return { from, to };
}

export const scheduleKeys = {
  week: (from: string) => ['training-sessions', 'list', 'week', from] as const,
};

/** `GET /api/trainingsession?from=…&to=…`: the sessions of seven days, soonest first. */
export function getWeekSessions(from: Date, to: Date): Promise<TrainingSession[]> {
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), limit: '100' });
  return apiRequest(`/api/trainingsession?${query.toString()}`, { schema: z.array(TrainingSession) });
}

export const weekSessionsQuery = (week: { from: Date; to: Date }) =>
  queryOptions({
    queryKey: scheduleKeys.week(week.from.toISOString()),
    queryFn: () => getWeekSessions(week.from, week.to),
  });

export function useWeekSessions(week: { from: Date; to: Date }) {
  return useQuery(weekSessionsQuery(week));
}

/** `POST /api/schedule/classes`: 201 with the class; its sessions follow from a background job. */
export function createRecurringClass(input: RecurringClassInput): Promise<RecurringClass> {
  return apiRequest('/api/schedule/classes', { method: 'POST', json: input, schema: RecurringClass });
}

export function useCreateRecurringClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecurringClass,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['training-sessions'] }),
  });
}

export const recurringClassKeys = { all: ['schedule', 'classes'] as const };

/** `GET /api/schedule/classes`: the recurring classes that still run, earliest start time first. */
export function useRecurringClasses() {
  return useQuery({
    queryKey: recurringClassKeys.all,
    queryFn: () => apiRequest('/api/schedule/classes', { schema: z.array(RecurringClass) }),
  });
}

const invalidateSchedule = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: recurringClassKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['training-sessions'] }),
  ]);

/**
 * `PUT /api/schedule/classes/{id}`: the whole class changes from `from` (default today) on; sessions
 * members checked in to stay as they were and are named in the answer.
 */
export function useUpdateRecurringClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RecurringClassUpdate }) =>
      apiRequest(`/api/schedule/classes/${id}`, { method: 'PUT', json: input, schema: RecurringClassChange }),
    onSuccess: () => invalidateSchedule(queryClient),
  });
}

/** `DELETE /api/schedule/classes/{id}`: the class ends; its coming sessions go except those with check-ins. */
export function useEndRecurringClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/schedule/classes/${id}`, {
        method: 'DELETE',
        schema: z.object({ keptSessionIds: z.array(z.number().int()) }),
      }),
    onSuccess: () => invalidateSchedule(queryClient),
  });
}

export const holidayKeys = { all: ['schedule', 'holidays'] as const };

/** `GET /api/schedule/holidays`: the academy's holidays, earliest first. */
export function useHolidays() {
  return useQuery({
    queryKey: holidayKeys.all,
    queryFn: () => apiRequest('/api/schedule/holidays', { schema: z.array(Holiday) }),
  });
}

/** `POST /api/schedule/holidays`: the holiday, and the sessions it removed or kept for their check-ins. */
export function useAddHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HolidayInput) =>
      apiRequest('/api/schedule/holidays', { method: 'POST', json: input, schema: HolidayChange }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: holidayKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['training-sessions'] }),
      ]),
  });
}

/** `DELETE /api/schedule/holidays/{id}`: the date is an ordinary day again. */
export function useRemoveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/schedule/holidays/${id}`, { method: 'DELETE', schema: z.null() }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: holidayKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['training-sessions'] }),
      ]),
  });
}
