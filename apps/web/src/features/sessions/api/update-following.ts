import { RecurringClass, RecurringClassChange } from '@openmat/contract/schedule';
import type { TrainingSessionInput } from '@openmat/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "This session and the following ones": the session's new values become its recurring class's from
 * the session's date on (`PUT /api/schedule/classes/{id}`). The first line of the description is the
 * class's name and the rest its description, as the schedule writes them; the weekdays stay the class's.
 */
export async function updateFollowing(
  session: { recurringClassId: number; occurrenceDate: string },
  input: TrainingSessionInput,
): Promise<RecurringClassChange> {
  const classes = await apiRequest('/api/schedule/classes', { schema: z.array(RecurringClass) });
  const current = classes.find((candidate) => candidate.id === session.recurringClassId);
  if (!current) throw new Error(`The recurring class ${session.recurringClassId} no longer runs.`);
  const [first = '', ...rest] = (input.description ?? '').split('\n');
  const start = new Date(input.trainingDate);
  return apiRequest(`/api/schedule/classes/${current.id}`, {
    method: 'PUT',
    json: {
      name: first.trim() || current.name,
      weekdays: current.weekdays,
      startTime: `${pad(start.getHours())}:${pad(start.getMinutes())}`,
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
