/**
 * JSON Schemas for OpenAI's structured outputs in strict mode, made from the contract's zod schemas
 * (`z.toJSONSchema`). Used by every model-backed provider (lesson plans, video analysis).
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The keywords structured outputs in strict mode do not accept. OpenAI's strict mode takes a subset of JSON
 * Schema: every object must list all of its properties in `required` and set `additionalProperties: false`,
 * and length and size bounds are not enforced by every provider. The bounds are kept as descriptions, and
 * the answer is validated against the full contract schema afterwards.
 */
const DROPPED_KEYWORDS = new Set(['$schema', 'minLength', 'maxLength', 'minItems', 'maxItems']);

function boundsNote(node: Record<string, unknown>): string | null {
  const { minItems, maxItems, maxLength } = node;
  if (typeof minItems === 'number' && typeof maxItems === 'number') return `${minItems} to ${maxItems} items`;
  if (typeof maxLength === 'number') return `at most ${maxLength} characters`;
  return null;
}

/**
 * A JSON Schema made acceptable to strict structured outputs: every object closed
 * (`additionalProperties: false`) with all its properties required, optional ones becoming nullable, and
 * unsupported bounds turned into descriptions.
 */
export function strictJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictJsonSchema);
  if (!isRecord(node)) return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!DROPPED_KEYWORDS.has(key)) result[key] = strictJsonSchema(value);
  }
  const note = boundsNote(node);
  if (note !== null) {
    result.description = typeof node.description === 'string' ? `${node.description} (${note})` : note;
  }
  if (node.type === 'object' && isRecord(node.properties)) {
    const required = new Set(Array.isArray(node.required) ? node.required.filter((k) => typeof k === 'string') : []);
    const properties: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node.properties)) {
      const strict = strictJsonSchema(value);
      properties[key] = required.has(key) ? strict : { anyOf: [strict, { type: 'null' }] };
    }
    result.properties = properties;
    result.required = Object.keys(properties);
    result.additionalProperties = false;
  }
  return result;
}
