/** A tool call a model wrote into its answer text instead of `tool_calls`. */
export interface TextToolCall {
  readonly name: string;
  /** JSON text of the arguments object. */
  readonly arguments: string;
  /** The answer text without the call. */
  readonly remainingText: string;
}

const TAGGED = /<tool_call>([\s\S]*?)<\/tool_call>/g;
const FENCED = /```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```/g;

/**
 * Finds the one tool call a turn without `tool_calls` put in its text: a
 * `<tool_call>{"name":…,"arguments":…}</tool_call>` block (vLLM or llama.cpp without a tool parser,
 * Qwen and Hermes templates), or a fenced JSON object naming an offered tool. Exactly one
 * well-formed candidate or nothing: two calls, an unknown tool, a broken JSON or a tag next to a
 * fence stay text, because running a guess would act on the user's chart without a clear request.
 */
export function extractTextToolCall(text: string, offeredTools: ReadonlySet<string>): TextToolCall | null {
  if (!text || (!text.includes('<tool_call>') && !text.includes('```'))) return null;
  const tagged = [...text.matchAll(TAGGED)];
  const openTags = text.split('<tool_call>').length - 1;
  if (tagged.length > 1 || openTags > tagged.length) return null;
  if (tagged.length === 1) {
    const call = toCall(tagged[0][1], offeredTools);
    if (!call || containsFencedCall(text.replace(tagged[0][0], ''), offeredTools)) return null;
    return { ...call, remainingText: cut(text, tagged[0]) };
  }
  const fenced = [...text.matchAll(FENCED)].filter((m) => looksLikeCall(m[1]));
  if (fenced.length !== 1) return null;
  const call = toCall(fenced[0][1], offeredTools);
  return call ? { ...call, remainingText: cut(text, fenced[0]) } : null;
}

function containsFencedCall(text: string, offeredTools: ReadonlySet<string>): boolean {
  return [...text.matchAll(FENCED)].some((m) => toCall(m[1], offeredTools) !== null);
}

function looksLikeCall(body: string): boolean {
  return /"name"\s*:/.test(body);
}

function toCall(body: string, offeredTools: ReadonlySet<string>): { name: string; arguments: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(body.trim());
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const argsKey = 'arguments' in record ? 'arguments' : 'parameters' in record ? 'parameters' : null;
  if (typeof record.name !== 'string' || !offeredTools.has(record.name)) return null;
  if (keys.some((k) => k !== 'name' && k !== argsKey)) return null;
  let args: unknown = argsKey ? record[argsKey] : {};
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      return null;
    }
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return null;
  return { name: record.name, arguments: JSON.stringify(args) };
}

function cut(text: string, match: RegExpMatchArray): string {
  const start = match.index ?? 0;
  return (text.slice(0, start) + text.slice(start + match[0].length)).replace(/\n{3,}/g, '\n\n').trim();
}
