import { Fighter, type RegisterFighterRequest } from '@openmat/contract/auth';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/fighter/register`: 201 with the created fighter; a 400 carries the `errors` object. */
export function registerFighter(payload: RegisterFighterRequest): Promise<Fighter> {
  return apiRequest('/api/fighter/register', { method: 'POST', json: payload, auth: false, schema: Fighter });
}
