/** JSON.parse that answers instead of throwing: a reply or a body that is not JSON is an ordinary outcome. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}
