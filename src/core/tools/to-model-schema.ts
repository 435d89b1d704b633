/**
 * JSON Schema keywords that OpenAI-compatible servers (OpenAI, llama.cpp, vLLM, Ollama, Gemini's
 * compatibility layer) accept in function parameters. Anything else is dropped from what models see.
 */
export const MODEL_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(
  'type description properties required additionalProperties items enum anyOf minimum maximum minLength maxLength minItems maxItems default pattern format title'.split(
    ' ',
  ),
);

type Json = Record<string, unknown>;

/** Pattern TypeBox gives `Type.Record(Type.String(), V)`: every key. */
const ANY_KEY = new Set(['^(.*)$', '^.*$', '.*']);

/**
 * A TypeBox (or plain JSON) schema as a model should receive it: a plain, cloneable object that
 * every OpenAI-compatible server understands. TypeBox is the source of truth for validation;
 * this only rewrites its JSON form, so `Value.Check` keeps working on the original.
 *
 * - a union of literals (`anyOf` of `const`) becomes one `enum` (llama.cpp and vLLM grammars
 *   choke on `anyOf` of `const`, and models read an enum more reliably);
 * - a lone `const` becomes a one-value `enum`;
 * - a record (`patternProperties` matching every key) becomes `additionalProperties: <value>`;
 * - a property with a `default` is not `required` (the registry fills it in);
 * - TypeBox symbols and keywords outside {@link MODEL_SCHEMA_KEYWORDS} are dropped.
 *
 * @example
 * toModelSchema(Type.Object({ period: Type.Union([Type.Literal('1d'), Type.Literal('1w')]) }))
 * // → { type: 'object', properties: { period: { type: 'string', enum: ['1d', '1w'] } }, required: ['period'] }
 */
export function toModelSchema(schema: unknown): Json {
  return convert(schema) as Json;
}

function convert(schema: unknown): unknown {
  if (typeof schema === 'boolean') return schema;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return {};
  const s = schema as Json;
  const out: Json = {};

  // A union of literals, else a lone `const`: one enum, with the schema's title, description and default.
  const members = s.anyOf ?? s.oneOf;
  const literals =
    Array.isArray(members) &&
    members.length &&
    members.every((m) => !!m && typeof m === 'object' && (m as Json).const !== undefined)
      ? (members as Json[]).map((m) => m.const)
      : s.const !== undefined
        ? [s.const]
        : null;
  if (literals) {
    for (const key of ['title', 'description', 'default']) if (s[key] !== undefined) out[key] = clone(s[key]);
    const types = new Set(literals.map(jsonType));
    if (types.size === 1) out.type = [...types][0];
    out.enum = literals;
    return out;
  }

  // String keys only: JSON.stringify-like, so TypeBox's symbol keys ([Kind], [OptionalKind]) vanish.
  for (const key of Object.keys(s)) {
    const value = s[key];
    if (value === undefined) continue;
    switch (key) {
      case 'properties': {
        const props: Json = {};
        for (const [name, prop] of Object.entries(value as Json)) props[name] = convert(prop);
        out.properties = props;
        break;
      }
      case 'items':
        out.items = convert(Array.isArray(value) ? { anyOf: value } : value);
        break;
      case 'anyOf':
      case 'oneOf':
        // oneOf is not accepted everywhere; for tool input the two mean the same in practice.
        out.anyOf = (value as unknown[]).map(convert);
        break;
      case 'additionalProperties':
        // A boolean converts to itself.
        out.additionalProperties = emptyToTrue(convert(value));
        break;
      case 'patternProperties': {
        const entries = Object.entries(value as Json);
        if (entries.length === 1 && ANY_KEY.has(entries[0][0]) && s.additionalProperties === undefined) {
          out.additionalProperties = emptyToTrue(convert(entries[0][1]));
        }
        break;
      }
      default:
        if (key !== 'required' && MODEL_SCHEMA_KEYWORDS.has(key)) out[key] = clone(value);
    }
  }

  if (Array.isArray(s.required)) {
    const props = (s.properties ?? {}) as Json;
    const required = (s.required as string[]).filter((name) => {
      const prop = props[name] as Json | undefined;
      return prop !== undefined && prop.default === undefined;
    });
    if (required.length) out.required = required;
  }
  return out;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function emptyToTrue(schema: unknown): unknown {
  return schema && typeof schema === 'object' && Object.keys(schema).length === 0 ? true : schema;
}

function clone(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
