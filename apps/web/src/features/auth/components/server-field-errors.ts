import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/failure';

/**
 * A refused form's messages by field, from a 400's problem details: the first message of each of the
 * named fields, and everything else (a message for another field, or the server's own words) as `form`.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): { fields: Partial<Record<F, string>>; form: string | null } {
  const problem = error instanceof ApiError && error.body.kind === 'problem' ? error.body.problem : null;
  const found: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  for (const [name, messages] of Object.entries(problem?.errors ?? {})) {
    const first = messages[0];
    if (first === undefined) continue;
    const field = fields.find((known) => known === name);
    if (field !== undefined) found[field] = first;
    else rest.push(...messages);
  }
  if (rest.length > 0) return { fields: found, form: rest.join(' ') };
  if (Object.keys(found).length > 0) return { fields: found, form: null };
  return { fields: found, form: errorText(error).message };
}
