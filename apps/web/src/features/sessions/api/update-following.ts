import { RecurringClass, RecurringClassChange } from '@openmat/contract/schedule';
import type { TrainingSessionInput } from '@openmat/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** The wall-clock "HH:mm" of an instant in a time zone (the academy's, not the browser's). */
export function wallClock(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: 'hour' | 'minute') => parts.find((candidate) => candidate.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/** The local date ("YYYY-MM-DD") of an instant in a time zone (the academy's, not the browser's). */
export function localDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(instant)
    .filter((part) => part.type !== 'literal');
  const part = (type: 'year' | 'month' | 'day') => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Why "this and the following ones" was not sent: the class has ended, or the session left its class's day. */
export type FollowingRefusal = 'classEnded' | 'otherDay';

/** A change of the following sessions that the form refuses before sending it, with its reason. */
export class FollowingRefused extends Error {
  constructor(readonly reason: FollowingRefusal) {
    super(`This and the following sessions: ${reason}`);
    this.name = 'FollowingRefused';
  }
}

/** The session "this and the following ones" is made from. */
export interface FollowingOrigin {
  id: number;
  recurringClassId: number;
  occurrenceDate: string;
}

/**
 * "This session and the following ones": the session's new values become its recurring class's from
 * the session's date on (`PUT /api/schedule/classes/{id}`), the session itself included (`sessionId`,
 * even if it was changed on its own before). The first line of the description is the class's name and
 * the rest its description, as the schedule writes them; the weekdays stay the class's, so the session
 * must stay on its class's day (a `FollowingRefused` 'otherDay' otherwise; moving one session is "this
 * session only"). The start time is the session's instant read in the academy's zone (the class's
 * `timeZone`), so an instructor whose browser runs in another zone moves the class to the time the
 * session now has. A class that no longer runs is a `FollowingRefused` 'classEnded'.
 */
export async function updateFollowing(
  session: FollowingOrigin,
  input: TrainingSessionInput,
): Promise<RecurringClassChange> {
  const classes = await apiRequest('/api/schedule/classes', { schema: z.array(RecurringClass) });
  const current = classes.find((candidate) => candidate.id === session.recurringClassId);
  if (!current) throw new FollowingRefused('classEnded');
  const start = new Date(input.trainingDate);
  if (localDate(start, current.timeZone) !== session.occurrenceDate) throw new FollowingRefused('otherDay');
  const [first = '', ...rest] = (input.description ?? '').split('\n');
  return apiRequest(`/api/schedule/classes/${current.id}`, {
    method: 'PUT',
    json: {
      name: first.trim() || current.name,
      weekdays: current.weekdays,
      startTime: wallClock(start, current.timeZone),
      durationMinutes: Math.round(input.duration * 60),
      targetLevel: input.targetLevel,
      capacity: input.capacity,
      description: rest.join('\n').trim(),
      from: session.occurrenceDate,
      sessionId: session.id,
    },
    schema: RecurringClassChange,
  });
}

export function useUpdateFollowing(session: FollowingOrigin) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrainingSessionInput) => updateFollowing(session, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
