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

/**
 * "This session and the following ones": the session's new values become its recurring class's from
 * the session's date on (`PUT /api/schedule/classes/{id}`). The first line of the description is the
 * class's name and the rest its description, as the schedule writes them; the weekdays stay the class's.
 * The start time is the session's instant read in the academy's zone (the class's `timeZone`), so an
 * instructor whose browser runs in another zone moves the class to the time the session now has.
 */
export async function updateFollowing(
  session: { recurringClassId: number; occurrenceDate: string },
  input: TrainingSessionInput,
): Promise<RecurringClassChange> {
  const classes = await apiRequest('/api/schedule/classes', { schema: z.array(RecurringClass) });
  const current = classes.find((candidate) => candidate.id === session.recurringClassId);
  if (!current) throw new Error(`The recurring class ${session.recurringClassId} no longer runs.`);
  const [first = '', ...rest] = (input.description ?? '').split('\n');
  return apiRequest(`/api/schedule/classes/${current.id}`, {
    method: 'PUT',
    json: {
      name: first.trim() || current.name,
      weekdays: current.weekdays,
      startTime: wallClock(new Date(input.trainingDate), current.timeZone),
      durationMinutes: Math.round(input.duration * 60),
      targetLevel: input.targetLevel,
      capacity: input.capacity,
      description: rest.join('\n').trim(),
      from: session.occurrenceDate,
    },
    schema: RecurringClassChange,
  });
}

export function useUpdateFollowing(session: { recurringClassId: number; occurrenceDate: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrainingSessionInput) => updateFollowing(session, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
