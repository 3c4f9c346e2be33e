import { z } from 'zod';

/**
 * RFC 9457 problem details. `errors` maps a field or an error code to its messages, as ASP.NET
 * Identity does, e.g. `{"PasswordTooShort": ["Passwords must be at least 8 characters."]}`.
 */
export const ProblemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** A few endpoints answer with a bare message instead of problem details. */
export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;
