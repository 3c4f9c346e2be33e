/** JSON.parse that answers instead of throwing: a reply or a body that is not JSON is an ordinary outcome. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/** JSON text read with a schema: the value, or null when it is not JSON or not of that shape. */
export function parseJsonAs<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  text: string,
): T | null {
  const json = parseJson(text);
  if (!json.ok) return null;
  const parsed = schema.safeParse(json.value);
  return parsed.success ? parsed.data : null;
}
