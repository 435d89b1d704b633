import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { AgentEvent } from '../protocol/index.js';

const Str = Type.String();
const Num = Type.Number();
const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);

const ContextItemSchema = Type.Object({ kind: Str, label: Str, text: Str });
const ToolErrorSchema = Type.Object({
  code: Str,
  message: Str,
  retryable: Type.Boolean(),
  recommendedAction: Opt(Str),
  details: Opt(Type.Array(Type.Object({ path: Str, reason: Str }))),
});
const ToolResultSchema = Type.Union([
  Type.Object({ success: Type.Literal(true), stateChanged: Type.Boolean(), data: Type.Unknown(), text: Opt(Str) }),
  Type.Object({
    success: Type.Literal(false),
    stateChanged: Type.Literal(false),
    error: ToolErrorSchema,
    data: Opt(Type.Unknown()),
  }),
]);
const AnswerSchema = Type.Union([
  Type.Object({ status: Type.Literal('answered'), selected: Type.Array(Str), note: Opt(Str) }),
  Type.Object({ status: Type.Literal('cancelled') }),
]);
/** A run's change set: per slice its whole value before and after, or only the units that differ (protocol RunChangeSet). */
const RunUnitSchema = Type.Object({
  group: Opt(Str),
  key: Str,
  before: Opt(Type.Unknown()),
  after: Opt(Type.Unknown()),
  beforeAt: Opt(Num),
  afterAt: Opt(Num),
  count: Opt(Type.Integer({ minimum: 1 })),
});
const RunChangeSetSchema = Type.Object({
  runId: Str,
  slices: Type.Record(
    Str,
    Type.Union([
      Type.Object({ units: Type.Array(RunUnitSchema) }),
      Type.Object({ before: Opt(Type.Unknown()), after: Opt(Type.Unknown()) }),
    ]),
  ),
});
const RunFailureCodeSchema = Type.Union(
  [
    'RUN_ACTIVE',
    'DEADLINE_EXCEEDED',
    'TOOL_LOOP_LIMIT',
    'PROVIDER_AUTH',
    'PROVIDER_RATE_LIMIT',
    'PROVIDER_UNAVAILABLE',
    'PROVIDER_BAD_RESPONSE',
    'MODEL_NOT_CONFIGURED',
    'DISCONNECTED',
  ].map((code) => Type.Literal(code)),
);

const base = { seq: Type.Integer({ minimum: 0 }), sessionId: Str, runId: Opt(Str), at: Type.Number() };
const event = <T extends Record<string, TSchema>>(type: string, fields: T) =>
  Type.Object({ ...base, type: Type.Literal(type), ...fields });

/** Body schemas by event type (TypeBox, checked with `Value`: no code generation, CSP-safe). */
const EVENT_SCHEMAS: Readonly<Record<AgentEvent['type'], TSchema>> = {
  'run.started': event('run.started', { readOnly: Type.Boolean(), model: Opt(Str), retryOf: Opt(Str) }),
  'run.completed': event('run.completed', {
    usage: Opt(Type.Object({ promptTokens: Opt(Num), completionTokens: Opt(Num), totalTokens: Opt(Num) })),
  }),
  'run.failed': event('run.failed', {
    code: RunFailureCodeSchema,
    message: Str,
    cause: Opt(Str),
    retryAfterMs: Opt(Num),
  }),
  'run.retrying': event('run.retrying', { code: RunFailureCodeSchema, cause: Opt(Str), attempt: Num, delayMs: Num }),
  'run.cancelled': event('run.cancelled', {}),
  'run.interrupted': event('run.interrupted', {}),
  'user.message': event('user.message', { messageId: Str, text: Str, context: Opt(Type.Array(ContextItemSchema)) }),
  'assistant.text.delta': event('assistant.text.delta', { messageId: Str, delta: Str }),
  'assistant.reasoning.delta': event('assistant.reasoning.delta', { messageId: Str, delta: Str }),
  'assistant.text.checkpoint': event('assistant.text.checkpoint', {
    messageId: Str,
    text: Str,
    from: Opt(Type.Integer({ minimum: 0 })),
  }),
  'assistant.message.completed': event('assistant.message.completed', {
    messageId: Str,
    text: Str,
    reasoning: Opt(Str),
    cut: Opt(Type.Literal(true)),
  }),
  'tool.started': event('tool.started', {
    callId: Str,
    name: Str,
    label: Opt(Str),
    input: Type.Unknown(),
    extra: Opt(Type.Record(Str, Type.Unknown())),
    inputBytes: Opt(Type.Integer({ minimum: 0 })),
  }),
  'tool.progress': event('tool.progress', { callId: Str, message: Str }),
  'tool.finished': event('tool.finished', { callId: Str, name: Str, result: ToolResultSchema, elapsedMs: Num }),
  'tool.question.required': event('tool.question.required', {
    callId: Str,
    question: Str,
    options: Type.Array(Type.Object({ label: Str, description: Opt(Str) })),
    multiSelect: Type.Boolean(),
  }),
  'tool.question.resolved': event('tool.question.resolved', { callId: Str, answer: AnswerSchema }),
  'context.changed': event('context.changed', { context: Type.Array(ContextItemSchema) }),
  'tool.approval.required': event('tool.approval.required', {
    callId: Str,
    name: Str,
    label: Str,
    summary: Str,
    input: Type.Unknown(),
    inputBytes: Opt(Type.Integer({ minimum: 0 })),
  }),
  'tool.approval.resolved': event('tool.approval.resolved', {
    callId: Str,
    name: Str,
    approved: Type.Boolean(),
    always: Opt(Type.Boolean()),
  }),
  'run.changes': event('run.changes', {
    summary: Type.Array(Str),
    changes: RunChangeSetSchema,
    changesStored: Opt(Type.Literal(false)),
    digest: Opt(RunChangeSetSchema),
  }),
  'run.changes.checkpoint': event('run.changes.checkpoint', {
    summary: Type.Array(Str),
    changes: RunChangeSetSchema,
    changesStored: Opt(Type.Literal(false)),
    digest: Opt(RunChangeSetSchema),
  }),
  'run.reverted': event('run.reverted', {
    targetRunId: Str,
    direction: Type.Union([Type.Literal('undo'), Type.Literal('redo')]),
    ok: Type.Boolean(),
    conflicts: Opt(Type.Array(Str)),
    reasons: Opt(
      Type.Array(
        Type.Object({
          reason: Type.Union([Type.Literal('changed'), Type.Literal('nothing'), Type.Literal('unsupported')]),
          slice: Opt(Str),
          key: Opt(Str),
          chartId: Opt(Str),
        }),
      ),
    ),
  }),
};

/** Schema of one stored event record (any type). */
export const SessionRecordSchema = Type.Union(Object.values(EVENT_SCHEMAS));
export type SessionRecord = Static<typeof SessionRecordSchema>;

/** A stored record that cannot be replayed, and why. */
export interface InvalidSessionRecord {
  readonly record: unknown;
  readonly reason: string;
}

/**
 * Splits stored records into events that can be replayed (valid for their type, of this session,
 * in increasing `seq`) and records that cannot: they are reported, never thrown.
 */
export function validateSessionRecords(
  records: readonly unknown[],
  sessionId: string,
): { events: AgentEvent[]; invalid: InvalidSessionRecord[] } {
  const events: AgentEvent[] = [];
  const invalid: InvalidSessionRecord[] = [];
  let lastSeq = -Infinity;
  for (const record of records) {
    const reason = recordProblem(record, sessionId, lastSeq);
    if (reason) {
      invalid.push({ record, reason });
      continue;
    }
    const valid = record as AgentEvent;
    lastSeq = valid.seq;
    events.push(valid);
  }
  return { events, invalid };
}

/**
 * Whether a value received from outside (another tab's message) is an event this runtime can show: a
 * known type with every field of that type (the check stored records get).
 */
export function isAgentEvent(value: unknown): value is AgentEvent {
  if (typeof value !== 'object' || value === null) return false;
  const sessionId = (value as { sessionId?: unknown }).sessionId;
  return typeof sessionId === 'string' && recordProblem(value, sessionId, -Infinity) === null;
}

function recordProblem(record: unknown, sessionId: string, lastSeq: number): string | null {
  if (typeof record !== 'object' || record === null) return 'not an object';
  const type = (record as { type?: unknown }).type;
  const schema =
    typeof type === 'string' && Object.hasOwn(EVENT_SCHEMAS, type) ? EVENT_SCHEMAS[type as AgentEvent['type']] : null;
  if (!schema)
    return `unknown event type ${JSON.stringify(typeof type === 'string' ? type.slice(0, 40) : typeof type)}`;
  if (!Value.Check(schema, record)) {
    const first = Value.Errors(schema, record).First();
    return `${type}: ${first ? `${first.path || '(record)'} ${first.message.toLowerCase()}` : 'does not match its schema'}`;
  }
  const r = record as AgentEvent;
  if (r.sessionId !== sessionId) return `belongs to another session`;
  if (!(r.seq > lastSeq)) return `seq ${r.seq} is out of order`;
  return null;
}
