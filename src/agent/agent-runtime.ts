import type { OpenAI } from 'openai';
import type {
  AgentEvent,
  AskUserAnswer,
  ChartAgentPort,
  ChartContext,
  ContextItem,
  RunFailureCause,
  RunConflict,
  RunFailureCode,
  RunStatus,
  ToolDescriptor,
  ToolResult,
} from '../protocol/index.js';
import { diagnosingFetch } from './diagnosing-fetch.js';
import { buildHistory, fitToBudget } from './build-history.js';
import { attachImages, hasImages, withoutImages, type ChatRequestMessage } from './attach-images.js';
import { chartChangeItem, describeChartChanges } from './chart-changes.js';
import { createVisionMemory, type VisionMemory } from './vision-memory.js';
import { buildSystemPrompt } from './build-system-prompt.js';
import { BadStreamError, classifyProviderError, retryDelayMs } from './provider-error.js';
import { createRedactor, mayEndInSecret, type Redactor } from './redact.js';
import { commonPrefixLength, withCheckpoint } from './checkpoint-text.js';
import {
  ASK_USER_TOOL,
  AskUserInput,
  askUserDescriptor,
  WEB_SEARCH_TOOL,
  WebSearchInput,
  webSearchDescriptor,
} from './runtime-tools.js';
import { createId, type SessionStore } from './session-store.js';
import { parseToolArguments, ToolCallAssembler, type AssembledToolCall } from './tool-call-assembler.js';
import { MAX_REPLY_TEXT_CHARS, replyLimitMessage, type ReplyLimitCause } from './reply-limits.js';
import { extractTextToolCall } from './extract-text-tool-call.js';
import { describeToolCall } from './describe-tool-call.js';
import { toolFailure, toolSuccess } from './tool-failure.js';
import { validateInput } from './validate-input.js';
import { openSessionChannel, type SessionChannel } from './session-channel.js';
import { isSameEvent } from './is-same-event.js';
import { yieldToEventLoop } from './yield-to-event-loop.js';
import { RUN_CHANGES_STORE_LIMIT } from './run-changes-store-limit.js';
import { boundToolInput } from './bound-tool-input.js';
import { digestRunChanges } from './digest-run-changes.js';

/** Options of {@link AgentRuntime}. */
export interface AgentRuntimeOptions {
  /** OpenAI-compatible base URL, e.g. `/v1` (the relay) or `http://localhost:11434/v1`. */
  baseURL: string;
  /** Model name; absent → the request names none and the relay uses its `OPENAI_MODEL`. */
  model?: string;
  /** Key sent from the browser; absent → a placeholder `relay` key (the relay adds the real one). */
  apiKey?: string;
  /** Tool-call rounds per run (default 20). */
  maxSteps?: number;
  store: SessionStore;
  /** Strings redacted from every event, besides the api key, bearer tokens and `sk-…` keys. */
  secrets?: readonly string[];
  /** Extra patterns redacted from every event (a host's own key formats), besides the built-in ones. */
  redactPatterns?: readonly RegExp[];
  /** Offered to the model as `web_search` when set. */
  webSearch?: (query: string, signal: AbortSignal) => Promise<unknown>;
  /** A run with no event or stream activity for this long fails with DEADLINE_EXCEEDED (default 600 000). */
  inactivityMs?: number;
  now?: () => Date;
  locale?: string;
  retry?: { maxRetries?: number; baseDelayMs?: number };
  /** Approximate token budget (characters / 4) of the history sent per step (default 24 000). */
  tokenBudget?: number;
  /** Passed to the OpenAI client. */
  fetch?: typeof fetch;
  /** Mutating tools wait for the user's approval (`tool.approval.required`, {@link AgentRuntime.answerApproval}). */
  confirmMutations?: boolean;
  /**
   * Whether `chart_capture` is offered and its image sent: `on`, `off`, or `auto` (default): offered
   * until the model answers an image with 400; then the request is retried once without it and the
   * model is remembered as text-only in `visionMemory`.
   */
  vision?: 'auto' | 'on' | 'off';
  /** Where `auto` remembers text-only models (default: `localStorage`, guarded). */
  visionMemory?: VisionMemory;
  /**
   * Send the chat's session id as `x-kline-session` with each model request, so the relay gives each
   * chat a rate-limit budget of its own (docs/contracts.md, relay). Default: only when the base URL
   * is on the page's own origin (the relay): a provider on another origin would refuse the unknown
   * header in its CORS preflight.
   */
  sessionHeader?: boolean;
}

/** The relay's per-chat rate-limit header (src/server/create-relay-handler.ts). */
const SESSION_HEADER = 'x-kline-session';

/** The tool whose image result is attached for the model. */
export const CAPTURE_TOOL = 'chart_capture';
/** Images of the current run sent with each request (the newest: a request must stay under the relay's 1 MiB). */
const MAX_IMAGES_PER_REQUEST = 1;

/** `Omit` applied to each member of a union, so an event body keeps its discriminant. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event before the runtime stamps seq, session, time and run. */
type EventBody = DistributiveOmit<AgentEvent, 'seq' | 'sessionId' | 'at' | 'runId'>;

type StopReason = 'cancelled' | 'deadline' | 'disconnected';

interface ActiveRun {
  readonly runId: string;
  readonly sessionId: string;
  readonly controller: AbortController;
  readonly readOnly: boolean;
  readonly port: ChartAgentPort;
  /** A retry: the run whose user message this run answers again (its context goes in the system prompt). */
  readonly turnRunId?: string;
  stopReason: StopReason | null;
  timer: ReturnType<typeof setTimeout> | null;
  /** `performance.now()` of the last activity: the timer, when it fires, stops the run only if that is long enough ago. */
  lastActive: number;
  /** Number of questions waiting for the user; the inactivity timer is off while > 0. */
  waiting: number;
  /** Images captured in this run, by call id (never stored: the log keeps a thumbnail). */
  readonly images: Map<string, string>;
  /** Characters of JSON of the change sets its stored `run.changes.checkpoint` events hold. */
  checkpointChars: number;
}

interface SessionState {
  readonly id: string;
  events: AgentEvent[];
  nextSeq: number;
  active: ActiveRun | null;
  /** Events waiting to be appended to the store, in order. */
  pending: AgentEvent[];
  flushing: Promise<void> | null;
  /** Held Web Lock, released by calling this. */
  releaseLock: (() => void) | null;
  /** A lock request in flight. */
  acquiring?: Promise<boolean> | null;
  /** Another tab holds the session's lock. */
  readOnly: boolean;
  /** The chart as the last run of this tab left it: the next run reports what the user changed since. */
  lastContext?: readonly (ChartContext | null)[];
}

interface PendingQuestion {
  readonly runId: string;
  resolve(answer: AskUserAnswer): void;
}

interface PendingApproval {
  readonly runId: string;
  readonly name: string;
  readonly decision: Promise<{ approved: boolean; always: boolean }>;
  answered: boolean;
  resolve(decision: { approved: boolean; always: boolean }): void;
}

/** A run that ends with a failure code (thrown inside the loop, turned into `run.failed`). */
class RunFailure extends Error {
  constructor(
    readonly code: RunFailureCode,
    message: string,
    readonly failureCause?: RunFailureCause,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Thrown inside the loop once the run's signal aborted; the reason decides the terminal event. */
class RunStopped extends Error {}

interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<void> | void,
  ): Promise<unknown>;
}

type OpenAIModule = typeof import('openai');
let openaiModule: Promise<OpenAIModule> | null = null;
// A dynamic import, so bundlers put the client in its own chunk: a chart-only page never downloads it.
const loadOpenAI = (): Promise<OpenAIModule> => (openaiModule ??= import('openai'));

const DEFAULT_MAX_STEPS = 20;
const DEFAULT_INACTIVITY_MS = 600_000;
/** Reading a stream without a wait for longer than this pauses for the host's other tasks (below a 50 ms long task). */
const SLICE_MS = 30;
/**
 * How often the text of an answer still streaming is stored (`assistant.text.checkpoint`): deltas are
 * live-only, so without it a reload mid-answer would lose all of it; with it, at most this much.
 */
export const TEXT_CHECKPOINT_MS = 1000;
const DEFAULT_TOKEN_BUDGET = 24_000;

/**
 * The framework-neutral agent: runs a streamed Chat Completions tool loop against a chart it
 * sees only through a {@link ChartAgentPort}, and records every step as redacted events in a
 * {@link SessionStore}. One active run per session; sessions run independently.
 */
export class AgentRuntime {
  readonly #options: AgentRuntimeOptions;
  #port: ChartAgentPort | null = null;
  readonly #listeners = new Set<(event: AgentEvent) => void>();
  readonly #sessions = new Map<string, SessionState>();
  readonly #loading = new Map<string, Promise<SessionState>>();
  /** Sessions opened (or run) and not closed since: a lock granted after its session was closed is let go at once. */
  readonly #wanted = new Set<string>();
  readonly #questions = new Map<string, PendingQuestion>();
  readonly #approvals = new Map<string, PendingApproval>();
  #confirmMutations: boolean;
  #vision: 'auto' | 'on' | 'off';
  readonly #visionMemory: VisionMemory;
  #client: OpenAI | null = null;
  readonly #redactor: Redactor;
  /** The verbatim secrets (the API key and the host's), for {@link mayEndInSecret}. */
  readonly #secrets: readonly string[];
  /** Opened with the first Web Lock request (browsers only); see {@link openSessionChannel}. */
  #channel: SessionChannel | null | undefined;
  /** Sessions being opened (`opens`: how many opens wait), and the events other tabs posted for them meanwhile. */
  readonly #early = new Map<string, { events: AgentEvent[]; opens: number }>();

  constructor(options: AgentRuntimeOptions) {
    this.#options = options;
    const secrets = [...(options.apiKey ? [options.apiKey] : []), ...(options.secrets ?? [])];
    this.#secrets = secrets.filter((s) => typeof s === 'string' && s.length > 0);
    this.#redactor = createRedactor(secrets, { patterns: options.redactPatterns ?? [] });
    this.#confirmMutations = options.confirmMutations ?? false;
    this.#vision = options.vision ?? 'auto';
    this.#visionMemory = options.visionMemory ?? createVisionMemory();
  }

  /** Sets the vision mode (see {@link AgentRuntimeOptions.vision}); applies from the next request. */
  setVision(mode: 'auto' | 'on' | 'off'): void {
    this.#vision = mode;
  }

  /** Whether `chart_capture` is offered to the model now. */
  visionEnabled(): boolean {
    if (this.#vision === 'off') return false;
    if (this.#vision === 'on') return true;
    return this.#visionMemory.get(this.#visionKey()) !== false;
  }

  #visionKey(): string {
    return `${this.#options.baseURL}|${this.#options.model ?? ''}`;
  }

  /** Turns approval of mutating tools on or off; applies from the next tool call. */
  setConfirmMutations(on: boolean): void {
    this.#confirmMutations = on;
  }

  /**
   * Answers a waiting approval. `always` allows that tool for the rest of the session (recorded in
   * the log, so it holds after a reload). Unknown or already answered call ids are ignored.
   */
  answerApproval(callId: string, approved: boolean, always = false): void {
    const pending = this.#approvals.get(callId);
    if (!pending || pending.answered) return;
    // The entry stays until the call consumes the decision: a card may be answered before its turn.
    pending.answered = true;
    pending.resolve({ approved, always: approved && always });
  }

  /**
   * Records that the user undid or redid run `targetRunId`'s changes (the panel's "Undo run"), so
   * the session shows it after a reload. Nothing is recorded in a session another tab holds.
   */
  async recordRunRevert(
    sessionId: string,
    targetRunId: string,
    direction: 'undo' | 'redo',
    result: { ok: boolean; conflicts?: readonly string[]; reasons?: readonly RunConflict[] },
  ): Promise<void> {
    const state = await this.#load(sessionId);
    if (state.readOnly) return;
    this.#emit(state, undefined, {
      type: 'run.reverted',
      targetRunId,
      direction,
      ok: result.ok,
      ...(!result.ok && result.conflicts ? { conflicts: result.conflicts } : {}),
      ...(!result.ok && result.reasons ? { reasons: result.reasons } : {}),
    });
    await this.#persisted(state);
  }

  /** Connects (or with `null` disconnects) the chart. A run whose port closes fails with DISCONNECTED. */
  setPort(port: ChartAgentPort | null): void {
    this.#port = port;
  }

  /** Receives every event of every session, already redacted. Returns an unsubscribe function. */
  subscribe(listener: (event: AgentEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /**
   * Loads a session's log. A run that started but never ended (the page was closed mid-run) gets
   * a `run.interrupted` event appended (and emitted). `readOnly` is true when another tab holds the
   * session (Web Lock `kline-agent-session:<id>`); then nothing is appended and {@link run} refuses.
   */
  async openSession(sessionId: string): Promise<{ events: AgentEvent[]; readOnly: boolean }> {
    this.#wanted.add(sessionId);
    // Listen before reading the log: what the tab holding the chat posts meanwhile is kept until this
    // tab knows whether it follows the chat, then the events newer than the log read are applied.
    this.#openChannel();
    const early = this.#early.get(sessionId) ?? { events: [], opens: 0 };
    this.#early.set(sessionId, early);
    early.opens++;
    let state: SessionState;
    try {
      state = await this.#load(sessionId);
      state.readOnly = !(await this.#acquireLock(state));
    } finally {
      if (--early.opens === 0) this.#early.delete(sessionId);
    }
    const posted = early.events.splice(0);
    if (state.readOnly) for (const event of posted) if (event.seq >= state.nextSeq) this.#follow(event);
    if (!state.readOnly) {
      const ended = new Set<string | undefined>();
      const started: string[] = [];
      for (const event of state.events) {
        if (event.type === 'run.started' && event.runId) started.push(event.runId);
        else if (
          event.type === 'run.completed' ||
          event.type === 'run.failed' ||
          event.type === 'run.cancelled' ||
          event.type === 'run.interrupted'
        )
          ended.add(event.runId);
      }
      for (const runId of started) {
        if (!ended.has(runId) && state.active?.runId !== runId) this.#emit(state, runId, { type: 'run.interrupted' });
      }
      await this.#persisted(state);
    }
    return { events: [...state.events], readOnly: state.readOnly };
  }

  /** Releases the session's lock, or the one its open is still waiting for. A run in progress continues. */
  closeSession(sessionId: string): void {
    // Also while its open is still waiting for the lock: that lock must not stay held by nobody.
    this.#wanted.delete(sessionId);
    const state = this.#sessions.get(sessionId);
    this.#closeChannelIfIdle();
    if (!state) return;
    state.releaseLock?.();
    state.releaseLock = null;
    if (!state.active) {
      // Keep the cache only while something still needs it; the store has the log.
      void this.#persisted(state).then(() => {
        if (!state.active && !state.releaseLock && this.#sessions.get(sessionId) === state)
          this.#sessions.delete(sessionId);
      });
    }
  }

  /** The session's run in progress, if any. */
  activeRun(sessionId: string): { runId: string } | null {
    const active = this.#sessions.get(sessionId)?.active;
    return active ? { runId: active.runId } : null;
  }

  /**
   * Runs the model on `input.text` until it answers without tool calls. Resolves with the run's
   * terminal status once its events are stored: `completed`, `failed` (see `run.failed` for the
   * code; `RUN_ACTIVE` when the session already has a run) or `cancelled`.
   * Rejects only when the session is open read-only in this tab (another tab owns it).
   */
  async run(
    sessionId: string,
    input: { text: string; context?: readonly ContextItem[]; readOnly?: boolean },
  ): Promise<RunStatus> {
    return this.#run(sessionId, input);
  }

  /**
   * Runs the session's last user turn again (after a failed, stopped or empty answer) without
   * adding a second user message: the model sees the conversation as it stood, and `run.started`
   * carries `retryOf` (the id of the session's latest run). Resolves like {@link run}; rejects when
   * the session has no user message to retry, or is read-only in this tab.
   */
  async retry(sessionId: string, input: { readOnly?: boolean } = {}): Promise<RunStatus> {
    const state = await this.#load(sessionId);
    const retryOf = state.events.findLast((e) => e.type === 'run.started')?.runId;
    const asked = state.events.some((e) => e.type === 'user.message');
    if (!asked || retryOf === undefined) throw new Error('This chat has nothing to retry: it has no message yet.');
    return this.#run(sessionId, { ...input, retryOf });
  }

  async #run(
    sessionId: string,
    input: { text?: string; context?: readonly ContextItem[]; readOnly?: boolean; retryOf?: string },
  ): Promise<RunStatus> {
    this.#wanted.add(sessionId);
    const state = await this.#load(sessionId);
    if (!state.releaseLock && !state.readOnly) state.readOnly = !(await this.#acquireLock(state));
    if (state.readOnly) {
      throw new Error(
        'This session is open in another tab, so it is read-only here. Continue it in that tab, or start a new session.',
      );
    }
    if (state.active) {
      this.#emit(state, createId('run'), {
        type: 'run.failed',
        code: 'RUN_ACTIVE',
        message: 'A run is already in progress in this session. Wait for it to finish or stop it first.',
      });
      await this.#persisted(state);
      return 'failed';
    }
    const readOnly = input.readOnly ?? false;
    const port = this.#port;
    const runId = createId('run');
    let context = input.context ?? [];
    let turnRunId: string | undefined;
    this.#emit(state, runId, {
      type: 'run.started',
      readOnly,
      ...(this.#options.model ? { model: this.#options.model } : {}),
      ...(input.retryOf ? { retryOf: input.retryOf } : {}),
    });
    const changes = port && state.lastContext !== undefined ? chartChanges(state.lastContext, safeContexts(port)) : [];
    if (input.text === undefined) {
      // A retry adds no user message: the repeated message's context, and what the user changed on the
      // chart since, go to this run's system prompt as they did for the first try.
      const asked = state.events.findLast((e) => e.type === 'user.message');
      if (asked?.type === 'user.message') {
        turnRunId = asked.runId;
        context = [...(asked.context ?? []), ...context];
      }
      if (changes.length > 0) context = [...context, chartChangeItem(changes)];
    } else {
      if (changes.length > 0)
        this.#emit(state, runId, { type: 'context.changed', context: [chartChangeItem(changes)] });
      this.#emit(state, runId, {
        type: 'user.message',
        messageId: createId('msg'),
        text: input.text,
        ...(context.length > 0 ? { context } : {}),
      });
    }
    if (!port) {
      this.#emit(state, runId, {
        type: 'run.failed',
        code: 'DISCONNECTED',
        message:
          'No chart is connected, so the agent can neither see nor change one. Add a <kline-chart> (with agent not "off") to the page and try again.',
      });
      await this.#persisted(state);
      return 'failed';
    }

    const active: ActiveRun = {
      runId,
      sessionId,
      readOnly,
      port,
      ...(turnRunId ? { turnRunId } : {}),
      controller: new AbortController(),
      stopReason: null,
      timer: null,
      lastActive: 0,
      waiting: 0,
      images: new Map(),
      checkpointChars: 0,
    };
    state.active = active;
    port.closed.then(
      () => this.#stop(active, 'disconnected'),
      () => undefined,
    );
    this.#touch(active);

    let status: RunStatus;
    try {
      status = await this.#loop(state, active, context);
    } catch (error) {
      status = this.#finish(state, active, error);
    } finally {
      if (active.timer) clearTimeout(active.timer);
      active.timer = null;
      state.active = null;
      state.lastContext = safeContexts(port);
      for (const [callId, question] of this.#questions) if (question.runId === runId) this.#questions.delete(callId);
      for (const [callId, approval] of this.#approvals) if (approval.runId === runId) this.#approvals.delete(callId);
    }
    await this.#persisted(state);
    this.#closeChannelIfIdle();
    return status;
  }

  /**
   * Stops the session's run: aborts the model stream and running tools (one signal), keeps the
   * partial answer, cancels a waiting question, and ends the run with `run.cancelled`.
   */
  cancel(sessionId: string): void {
    const active = this.#sessions.get(sessionId)?.active;
    if (active) this.#stop(active, 'cancelled');
  }

  /** Answers a waiting `ask_user` question. Unknown or already answered call ids are ignored. */
  answerQuestion(callId: string, answer: AskUserAnswer): void {
    const question = this.#questions.get(callId);
    if (!question) return;
    this.#questions.delete(callId);
    question.resolve(answer);
  }

  // ---- the loop -------------------------------------------------------------------------------

  async #loop(state: SessionState, active: ActiveRun, items: readonly ContextItem[]): Promise<RunStatus> {
    const maxSteps = this.#options.maxSteps ?? DEFAULT_MAX_STEPS;
    const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
    let sawUsage = false;
    /** Whether this run has shown the user anything: text or a tool call. */
    let said = false;
    /** The latest failing call and how many times in a row it failed the same way. */
    let repeats: FailureStreak = { key: '', code: '', count: 0 };
    // A chart lists its built-in tools once their chunk is in (issue #12); a port that cannot load them
    // still lists what it has, so the run goes on with those.
    await active.port.toolsReady?.().catch(() => undefined);
    for (let step = 0; step < maxSteps; step++) {
      this.#throwIfStopped(active);
      const tools = this.#toolsFor(active);
      const system = buildSystemPrompt({
        now: this.#now(),
        context: safeContext(active.port),
        items: [...chartItems(active.port), ...items],
        tools,
        ...(this.#options.locale ? { locale: this.#options.locale } : {}),
      });
      const messages = attachImages(
        fitToBudget(
          [
            { role: 'system', content: system },
            ...buildHistory(state.events, {
              currentRunId: active.runId,
              ...(active.turnRunId ? { promptContextRunId: active.turnRunId } : {}),
            }),
          ],
          this.#options.tokenBudget ?? DEFAULT_TOKEN_BUDGET,
        ),
        new Map([...active.images].slice(-MAX_IMAGES_PER_REQUEST)),
      );
      const result = await this.#callModel(state, active, messages, tools);
      if (result.calls.length === 0 && !said && !result.text.trim()) {
        throw new RunFailure(
          'PROVIDER_BAD_RESPONSE',
          'The model ended its answer with no text and no tool call. Retry, or try another model.',
          'empty-answer',
        );
      }
      said ||= result.calls.length > 0 || result.text.trim() !== '';
      if (result.usage) {
        sawUsage = true;
        usage.promptTokens += result.usage.prompt_tokens ?? 0;
        usage.completionTokens += result.usage.completion_tokens ?? 0;
        usage.totalTokens += result.usage.total_tokens ?? 0;
      }
      if (result.calls.length === 0) {
        this.#emitRunChanges(state, active);
        this.#emit(state, active.runId, { type: 'run.completed', ...(sawUsage ? { usage } : {}) });
        return 'completed';
      }
      const results = await this.#executeCalls(state, active, result.calls, tools);
      this.#throwIfStopped(active);
      result.calls.forEach((call, i) => {
        repeats = repeatedFailure(repeats, call, results[i]);
        if (repeats.count >= REPEATED_FAILURE_LIMIT) {
          const what = call.name ? `"${call.name}"` : 'without a name';
          throw new RunFailure(
            'TOOL_LOOP_LIMIT',
            `The model made the same failing tool call (${what}, ${repeats.code}) ${repeats.count} times in a row, so the run was stopped. Rephrase the request, or try another model.`,
            'repeated-tool-failure',
          );
        }
      });
    }
    throw new RunFailure(
      'TOOL_LOOP_LIMIT',
      `The model was still calling tools after ${maxSteps} rounds, so the run was stopped. Ask a narrower question, or raise max-steps.`,
    );
  }

  /** Turns what ended the loop into the terminal event. */
  #finish(state: SessionState, active: ActiveRun, error: unknown): RunStatus {
    const reason = active.stopReason;
    if (reason !== 'disconnected') this.#emitRunChanges(state, active);
    if (reason === 'cancelled') {
      this.#emit(state, active.runId, { type: 'run.cancelled' });
      return 'cancelled';
    }
    let code: RunFailureCode;
    let message: string;
    let cause: RunFailureCause | undefined;
    let retryAfterMs: number | undefined;
    if (reason === 'deadline') {
      code = 'DEADLINE_EXCEEDED';
      message = `Nothing happened for ${formatDuration(this.#inactivityMs())}, so the run was stopped.`;
    } else if (reason === 'disconnected') {
      code = 'DISCONNECTED';
      message = 'The chart was disconnected during the run.';
    } else if (error instanceof RunFailure) {
      code = error.code;
      message = error.message;
      cause = error.failureCause;
      retryAfterMs = error.retryAfterMs;
    } else {
      code = 'PROVIDER_BAD_RESPONSE';
      message = `The run failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
    }
    this.#emit(state, active.runId, {
      type: 'run.failed',
      code,
      message,
      ...(cause ? { cause } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
    return 'failed';
  }

  /** The tools of this step: the port's (only read-only ones in a read-only run), then the runtime's. */
  #toolsFor(active: ActiveRun): ToolDescriptor[] {
    const runtimeNames = new Set([ASK_USER_TOOL, WEB_SEARCH_TOOL]);
    const vision = this.visionEnabled();
    const portTools = this.#portTools(active).filter(
      (t) =>
        !runtimeNames.has(t.name) &&
        (!active.readOnly || t.safety === 'read-only') &&
        (vision || t.name !== CAPTURE_TOOL),
    );
    return [...portTools, askUserDescriptor, ...(this.#options.webSearch ? [webSearchDescriptor] : [])];
  }

  #portTools(active: ActiveRun): ToolDescriptor[] {
    try {
      return active.port.tools();
    } catch (error) {
      throw new RunFailure(
        'DISCONNECTED',
        `The chart did not list its tools: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  // ---- model ----------------------------------------------------------------------------------

  #sendsSessionHeader(): boolean {
    return this.#options.sessionHeader ?? isSameOrigin(this.#options.baseURL);
  }

  async #getClient(): Promise<OpenAI> {
    if (this.#client) return this.#client;
    const { OpenAI: OpenAIClient } = await loadOpenAI();
    this.#client = new OpenAIClient({
      baseURL: toAbsoluteURL(this.#options.baseURL),
      apiKey: this.#options.apiKey ?? 'relay',
      dangerouslyAllowBrowser: true,
      maxRetries: 0,
      // Names a web page answering instead of the API, and a CORS refusal apart from nothing listening.
      fetch: diagnosingFetch(this.#options.fetch ?? ((input, init) => globalThis.fetch(input, init))),
    });
    return this.#client;
  }

  /**
   * One streamed completion, retried (429, 5xx, network, broken stream) while nothing has been
   * emitted yet. Emits text deltas and the step's `assistant.message.completed`, partial when the
   * run is stopped or the stream breaks.
   */
  async #callModel(
    state: SessionState,
    active: ActiveRun,
    messages: ChatRequestMessage[],
    tools: readonly ToolDescriptor[],
  ): Promise<{
    calls: AssembledToolCall[];
    text: string;
    usage: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
  }> {
    const client = await this.#getClient();
    const maxRetries = this.#options.retry?.maxRetries ?? 2;
    const baseDelayMs = this.#options.retry?.baseDelayMs ?? 500;
    const signal = active.controller.signal;
    let imagesDropped = false;
    const body = {
      ...(this.#options.model ? { model: this.#options.model } : {}),
      messages,
      tools: tools.map((t) => ({
        type: 'function' as const,
        function: { name: t.name, description: t.description, parameters: t.parameters },
      })),
      tool_choice: 'auto' as const,
      stream: true as const,
      stream_options: { include_usage: true },
    };
    for (let attempt = 0; ; attempt++) {
      this.#throwIfStopped(active);
      const messageId = createId('msg');
      let text = '';
      let reasoning = '';
      let emitted = false;
      let streaming = false;
      const withReasoning = () => (reasoning ? { reasoning } : {});
      const completeText = () => {
        if (emitted && (text || reasoning))
          this.#emit(state, active.runId, { type: 'assistant.message.completed', messageId, text, ...withReasoning() });
      };
      try {
        // `model` may be absent on purpose (the relay picks its OPENAI_MODEL), which the client's types don't allow.
        const params = body as Parameters<typeof client.chat.completions.create>[0] & { stream: true };
        const stream = await client.chat.completions.create(params, {
          signal,
          ...(this.#sendsSessionHeader() ? { headers: { [SESSION_HEADER]: state.id } } : {}),
        });
        streaming = true;
        const assembler = new ToolCallAssembler();
        let finishReason: string | null = null;
        let usage: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null = null;
        let slice = performance.now();
        let checkpointAt = slice;
        /** What this message's stored checkpoints add up to (redacted). */
        let checkpointed = '';
        /** The reply limit crossed (src/agent/reply-limits.ts): the stream is read no further. */
        let cut: { cause: ReplyLimitCause; name?: string } | null = null;
        /** Characters of text and reasoning the reply may still add (MAX_REPLY_TEXT_CHARS). */
        const room = () => MAX_REPLY_TEXT_CHARS - text.length - reasoning.length;
        for await (const chunk of stream) {
          // A buffered answer (a burst) is read without a wait: without a pause now and then, the whole
          // answer would be one task, and the page would neither paint the text nor answer input until its end.
          if (performance.now() - slice > SLICE_MS) {
            await yieldToEventLoop();
            this.#throwIfStopped(active);
            slice = performance.now();
          }
          if (chunk.usage) usage = chunk.usage;
          const choice = chunk.choices?.[0];
          if (!choice) {
            if (chunk.usage) this.#touch(active);
            continue;
          }
          const delta = choice.delta;
          let thinking = reasoningOf(delta);
          if (thinking.length > room()) {
            thinking = headOf(thinking, room());
            cut = { cause: 'reply-too-long' };
          }
          if (thinking) {
            reasoning += thinking;
            emitted = true;
            this.#emit(state, active.runId, { type: 'assistant.reasoning.delta', messageId, delta: thinking });
          }
          let content = cut || typeof delta?.content !== 'string' ? '' : delta.content;
          if (content.length > room()) {
            content = headOf(content, room());
            cut = { cause: 'reply-too-long' };
          }
          if (content !== '') {
            text += content;
            emitted = true;
            this.#emit(state, active.runId, { type: 'assistant.text.delta', messageId, delta: content });
            // Not while the text may end inside a secret: redacted alone, its first part would be stored.
            if (performance.now() - checkpointAt >= TEXT_CHECKPOINT_MS && !mayEndInSecret(text, this.#secrets)) {
              checkpointAt = performance.now();
              checkpointed = this.#checkpointText(state, active.runId, messageId, text, checkpointed);
            }
          }
          if (delta?.tool_calls && !cut) {
            emitted = true;
            for (const call of delta.tool_calls) cut ??= assembler.add(call);
          }
          // Only a chunk that carries something is activity: a stalled provider's empty keep-alive chunks, sent
          // forever, would otherwise keep the run waiting past the inactivity deadline for good.
          if (thinking || content || delta?.tool_calls?.length || choice.finish_reason) this.#touch(active);
          // Past a limit: stop reading at once; leaving the loop aborts the request (and frees what it buffered).
          if (cut) break;
          if (choice.finish_reason) finishReason = choice.finish_reason;
        }
        if (cut) {
          stream.controller.abort();
          this.#throwIfStopped(active);
          // The text so far stays, marked cut; no tool call of the reply is recorded, so none runs and the
          // history sent next holds no call without its result.
          if (text || reasoning)
            this.#emit(state, active.runId, {
              type: 'assistant.message.completed',
              messageId,
              text,
              ...withReasoning(),
              cut: true,
            });
          const { cause, name } = cut;
          throw new RunFailure('PROVIDER_BAD_RESPONSE', replyLimitMessage(cause, name), cause);
        }
        this.#throwIfStopped(active);
        if (!finishReason) throw new BadStreamError('the stream ended before the model finished its answer');
        let calls = assembler.calls(() => createId('call'));
        if (calls.length === 0) {
          // Small local models without a tool parser write the call into the text: run it as a call, once.
          const inText = extractTextToolCall(text, new Set(tools.map((t) => t.name)));
          if (inText) {
            calls = [{ id: createId('call'), name: inText.name, arguments: inText.arguments }];
            text = inText.remainingText;
          }
        }
        // Always close the step (even without text): the next step's tool calls hang off this message in the log.
        this.#emit(state, active.runId, { type: 'assistant.message.completed', messageId, text, ...withReasoning() });
        if (finishReason === 'length' && calls.length === 0 && !text) {
          throw new RunFailure(
            'PROVIDER_BAD_RESPONSE',
            'The model stopped at its output length limit before answering.',
          );
        }
        return { calls, text, usage };
      } catch (error) {
        if (error instanceof RunFailure) throw error;
        if (active.stopReason || error instanceof RunStopped) {
          completeText();
          throw new RunStopped();
        }
        if (
          !imagesDropped &&
          !emitted &&
          this.#vision === 'auto' &&
          statusOf(error) === 400 &&
          hasImages(body.messages)
        ) {
          // A text-only model refuses the image: remember it, and ask again once without images or the capture tool.
          imagesDropped = true;
          this.#visionMemory.set(this.#visionKey(), false);
          active.images.clear();
          body.messages = withoutImages(body.messages);
          body.tools = body.tools.filter((t) => t.function.name !== CAPTURE_TOOL);
          attempt--;
          continue;
        }
        let failure = classifyProviderError(error, this.#options.baseURL);
        if (streaming && failure.code !== 'PROVIDER_BAD_RESPONSE' && !failure.cause) {
          failure = {
            code: 'PROVIDER_BAD_RESPONSE',
            retryable: true,
            message: `The model's response stream broke off: ${failure.message}`,
          };
        }
        if (failure.retryable && !emitted && attempt < maxRetries) {
          const delayMs = Math.round(retryDelayMs(attempt, baseDelayMs, failure.retryAfterMs));
          // Said while waiting (a rate limit may hold the run for seconds): live-only, like text deltas.
          this.#emit(state, active.runId, {
            type: 'run.retrying',
            code: failure.code,
            ...(failure.cause ? { cause: failure.cause } : {}),
            attempt: attempt + 1,
            delayMs,
          });
          await sleep(delayMs, signal);
          continue;
        }
        completeText();
        const wait = failure.retryAfterMs;
        throw new RunFailure(
          failure.code,
          wait !== undefined && wait > 0
            ? `${failure.message} The provider asked to wait ${Math.ceil(wait / 1000)} s.`
            : failure.message,
          failure.cause,
          wait,
        );
      }
    }
  }

  // ---- tools ----------------------------------------------------------------------------------

  /** Consecutive read-only `parallel` calls run together; every other call runs alone, in the model's order. */
  async #executeCalls(
    state: SessionState,
    active: ActiveRun,
    calls: readonly AssembledToolCall[],
    tools: readonly ToolDescriptor[],
  ): Promise<ToolResult[]> {
    const results = new Map<AssembledToolCall, ToolResult>();
    const byName = new Map(tools.map((t) => [t.name, t]));
    const parallel = (call: AssembledToolCall) => {
      const tool = byName.get(call.name);
      return (
        tool !== undefined &&
        tool.safety === 'read-only' &&
        tool.executionMode === 'parallel' &&
        tool.name !== ASK_USER_TOOL
      );
    };
    // Every mutating call of the turn asks at once, so the user can approve them together or one by one.
    for (const call of calls) this.#requestApproval(state, active, call, byName.get(call.name));
    let i = 0;
    while (i < calls.length) {
      this.#throwIfStopped(active);
      if (parallel(calls[i])) {
        const batch: AssembledToolCall[] = [];
        while (i < calls.length && parallel(calls[i])) batch.push(calls[i++]);
        await Promise.all(
          batch.map(async (call) => results.set(call, await this.#executeCall(state, active, call, byName))),
        );
      } else {
        const call = calls[i++];
        results.set(call, await this.#executeCall(state, active, call, byName));
      }
    }
    return calls.map((call) => results.get(call) ?? abortedResult());
  }

  async #executeCall(
    state: SessionState,
    active: ActiveRun,
    call: AssembledToolCall,
    tools: ReadonlyMap<string, ToolDescriptor>,
  ): Promise<ToolResult> {
    const parsed = parseToolArguments(call.arguments);
    const approved = await this.#approved(active, call.id);
    // The tool's title now, stored with the call: a reloaded chat titles its card before the chart lists its tools.
    const label = tools.get(call.name)?.label;
    const startedEvent = {
      type: 'tool.started' as const,
      callId: call.id,
      name: call.name,
      ...(label ? { label } : {}),
      input: parsed.ok ? parsed.value : call.arguments,
      ...(call.extra ? { extra: call.extra } : {}),
    };
    // The session stores a shortened copy of a huge input (a 10,000-marker call is ≈ 1 MB); the tool gets it all.
    const bounded = boundToolInput(startedEvent.input);
    this.#emit(
      state,
      active.runId,
      startedEvent,
      bounded.bytes === undefined ? undefined : { ...startedEvent, input: bounded.input, inputBytes: bounded.bytes },
    );
    const started = Date.now();
    let result: ToolResult;
    if (!parsed.ok) {
      result = toolFailure('invalid_input', `arguments are not valid JSON: ${parsed.message}`, {
        recommendedAction: `Call ${call.name} again with the arguments as one complete JSON object that matches its parameters schema.`,
      });
    } else if (!approved) {
      result = toolFailure('denied_by_user', `The user declined ${call.name}; nothing was changed.`, {
        recommendedAction:
          'Do not repeat the call. Say what you would have done, or ask the user what they want instead.',
      });
    } else {
      try {
        result = await this.#invokeTool(state, active, call, parsed.value, tools);
      } catch (error) {
        result = active.controller.signal.aborted
          ? abortedResult()
          : toolFailure('internal', `The tool failed: ${error instanceof Error ? error.message : String(error)}`, {
              retryable: true,
            });
      }
    }
    this.#emit(state, active.runId, {
      type: 'tool.finished',
      callId: call.id,
      name: call.name,
      result,
      elapsedMs: Date.now() - started,
    });
    // So far: a run cut off by a reload can still be undone from its stored session.
    if (result.stateChanged) this.#emitRunChanges(state, active, 'run.changes.checkpoint');
    return result;
  }

  async #invokeTool(
    state: SessionState,
    active: ActiveRun,
    call: AssembledToolCall,
    input: unknown,
    tools: ReadonlyMap<string, ToolDescriptor>,
  ): Promise<ToolResult> {
    const signal = active.controller.signal;
    if (call.name === ASK_USER_TOOL) return this.#askUser(state, active, call.id, input);
    if (call.name === WEB_SEARCH_TOOL && this.#options.webSearch) {
      const checked = validateInput<WebSearchInput>(WebSearchInput, input);
      if (!checked.ok) return invalidInput(call.name, checked.details);
      const search = this.#options.webSearch;
      return raceAbort(signal, async () => toolSuccess(await search(checked.value.query, signal)));
    }
    if (tools.has(call.name)) {
      const onProgress = (progress: { fraction?: number; message: string }) => {
        if (signal.aborted || typeof progress?.message !== 'string') return;
        const fraction =
          typeof progress.fraction === 'number' && Number.isFinite(progress.fraction)
            ? Math.min(1, Math.max(0, progress.fraction))
            : undefined;
        this.#emit(state, active.runId, {
          type: 'tool.progress',
          callId: call.id,
          message: progress.message.slice(0, 200),
          ...(fraction !== undefined ? { fraction } : {}),
        });
      };
      const result = await raceAbort(signal, () =>
        active.port.execute(call.name, input, {
          signal,
          readOnly: active.readOnly,
          runId: active.runId,
          callId: call.id,
          onProgress,
        }),
      );
      return call.name === CAPTURE_TOOL ? this.#keepImage(active, call.id, result) : result;
    }
    const hidden = this.#portToolsSafe(active).find((t) => t.name === call.name);
    if (hidden && active.readOnly && hidden.safety !== 'read-only') {
      return toolFailure('not_allowed', `${call.name} changes the chart, and this run is read-only.`, {
        recommendedAction:
          'Use only the read-only tools offered in this run, or tell the user that read-only mode must be turned off for this change.',
      });
    }
    if (!call.name) {
      return toolFailure(
        'unknown_tool',
        `The tool call has no name. Available tools: ${[...tools.keys()].join(', ')}.`,
        { recommendedAction: 'Call one of the available tools by its exact name.' },
      );
    }
    return toolFailure(
      'unknown_tool',
      `There is no tool named "${call.name}". Available tools: ${[...tools.keys()].join(', ')}.`,
      {
        recommendedAction: 'Call one of the available tools by its exact name.',
      },
    );
  }

  /**
   * Takes a capture's full image out of the result (kept in memory for this run's requests, never
   * stored) and leaves a marker and the thumbnail for the log and the panel. Without vision the
   * image is dropped.
   */
  #keepImage(active: ActiveRun, callId: string, result: ToolResult): ToolResult {
    if (!result.success || !result.data || typeof result.data !== 'object') return result;
    const { image, ...rest } = result.data as Record<string, unknown>;
    if (typeof image !== 'string') return result;
    const usable = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(image) && this.visionEnabled();
    if (usable) active.images.set(callId, image);
    return {
      ...result,
      data: { ...rest, imageAttached: usable },
      ...(usable ? {} : { text: 'The image could not be attached (this model does not take images).' }),
    };
  }

  /** Emits `tool.approval.required` for a mutating call when approval is on and the tool is not allowed for the session. */
  #requestApproval(
    state: SessionState,
    active: ActiveRun,
    call: AssembledToolCall,
    tool: ToolDescriptor | undefined,
  ): void {
    if (!this.#confirmMutations || !tool || tool.safety === 'read-only' || call.name === WEB_SEARCH_TOOL) return;
    if (this.#allowedForSession(state, call.name)) return;
    const parsed = parseToolArguments(call.arguments);
    if (!parsed.ok) return; // refused as invalid input anyway; nothing to approve
    let resolve!: PendingApproval['resolve'];
    const decision = new Promise<{ approved: boolean; always: boolean }>((r) => (resolve = r));
    this.#approvals.set(call.id, { runId: active.runId, name: call.name, decision, resolve, answered: false });
    const required = {
      type: 'tool.approval.required' as const,
      callId: call.id,
      name: call.name,
      label: tool.label ?? call.name,
      summary: describeToolCall(call.name, tool.label ?? call.name, parsed.value),
      input: parsed.value,
    };
    // Stored as `tool.started` is: a shortened copy of a huge input. Approving runs `call` (the whole input),
    // held in memory by this runtime only: a reload ends the run, and its card reads "expired".
    const bounded = boundToolInput(required.input);
    this.#emit(
      state,
      active.runId,
      required,
      bounded.bytes === undefined ? undefined : { ...required, input: bounded.input, inputBytes: bounded.bytes },
    );
    void decision.then(({ approved, always }) => {
      this.#emit(state, active.runId, {
        type: 'tool.approval.resolved',
        callId: call.id,
        name: call.name,
        approved,
        ...(always ? { always } : {}),
      });
    });
  }

  /** Waits for the call's approval, if it needs one; the inactivity deadline pauses meanwhile. A stopped run denies. */
  async #approved(active: ActiveRun, callId: string): Promise<boolean> {
    const pending = this.#approvals.get(callId);
    if (!pending) return true;
    active.waiting++;
    if (active.timer) clearTimeout(active.timer);
    active.timer = null;
    const signal = active.controller.signal;
    const onAbort = () => this.answerApproval(callId, false);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    try {
      const { approved } = await pending.decision;
      return approved && !signal.aborted;
    } finally {
      this.#approvals.delete(callId);
      signal.removeEventListener('abort', onAbort);
      active.waiting--;
      this.#touch(active);
    }
  }

  #allowedForSession(state: SessionState, name: string): boolean {
    return state.events.some(
      (e) => e.type === 'tool.approval.resolved' && e.name === name && e.approved && e.always === true,
    );
  }

  /** Emits what the run changed on the chart (nothing when it changed nothing). */
  #emitRunChanges(
    state: SessionState,
    active: ActiveRun,
    type: 'run.changes' | 'run.changes.checkpoint' = 'run.changes',
  ): void {
    let changes: ReturnType<NonNullable<ChartAgentPort['runChanges']>> = null;
    try {
      changes = active.port.runChanges?.(active.runId) ?? null;
    } catch {
      changes = null;
    }
    if (!changes || changes.summary.length === 0) return;
    const body = { type, summary: changes.summary, changes: changes.changes };
    // A session stores at most RUN_CHANGES_STORE_LIMIT of a run's set, and as much of its checkpoints
    // together; a larger one stays in this tab (the chart remembers the run) and is stored without units.
    const size = jsonLength(changes.changes);
    const budget = type === 'run.changes' ? RUN_CHANGES_STORE_LIMIT : RUN_CHANGES_STORE_LIMIT - active.checkpointChars;
    if (size <= budget) {
      if (type !== 'run.changes') active.checkpointChars += size;
      this.#emit(state, active.runId, body);
      return;
    }
    // Beside the English summary, a digest of the set lets a panel word it in its reader's language after a reload.
    const digest = digestRunChanges(changes.changes);
    this.#emit(
      state,
      active.runId,
      { ...body, changesStored: false },
      {
        ...body,
        changesStored: false,
        changes: { runId: changes.changes.runId, slices: {} },
        ...(digest ? { digest } : {}),
      },
    );
  }

  #portToolsSafe(active: ActiveRun): ToolDescriptor[] {
    try {
      return active.port.tools();
    } catch {
      return [];
    }
  }

  async #askUser(state: SessionState, active: ActiveRun, callId: string, input: unknown): Promise<ToolResult> {
    const checked = validateInput<AskUserInput>(AskUserInput, input);
    if (!checked.ok) return invalidInput(ASK_USER_TOOL, checked.details);
    const { question, options, multiSelect } = checked.value;
    this.#emit(state, active.runId, {
      type: 'tool.question.required',
      callId,
      question,
      options: options.map((o) =>
        o.description !== undefined ? { label: o.label, description: o.description } : { label: o.label },
      ),
      multiSelect: multiSelect ?? false,
    });
    active.waiting++;
    this.#touch(active);
    let answer: AskUserAnswer;
    try {
      answer = await new Promise<AskUserAnswer>((resolve) => {
        const signal = active.controller.signal;
        const onAbort = () => {
          this.#questions.delete(callId);
          resolve({ status: 'cancelled' });
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        this.#questions.set(callId, {
          runId: active.runId,
          resolve: (value) => {
            signal.removeEventListener('abort', onAbort);
            resolve(value);
          },
        });
      });
    } finally {
      active.waiting--;
    }
    this.#emit(state, active.runId, { type: 'tool.question.resolved', callId, answer });
    return toolSuccess(answer);
  }

  // ---- events, timers, sessions ---------------------------------------------------------------

  /**
   * Stores the text so far of a message still streaming as an `assistant.text.checkpoint` holding only
   * what changed since the message's previous one (`checkpointed`, what those add up to): storing the
   * whole text each time would grow a long answer's log with the square of its length. The whole text
   * is redacted first and then cut, so a secret whose context (`password: …`) spans two checkpoints is
   * still found. Returns what the checkpoints add up to now.
   */
  #checkpointText(state: SessionState, runId: string, messageId: string, text: string, checkpointed: string): string {
    const redacted = this.#redactor.text(text);
    const from = commonPrefixLength(checkpointed, redacted);
    if (from === redacted.length && from === checkpointed.length) return checkpointed;
    const event = this.#emit(state, runId, {
      type: 'assistant.text.checkpoint',
      messageId,
      text: redacted.slice(from),
      ...(from > 0 ? { from } : {}),
    });
    return event.type === 'assistant.text.checkpoint' ? withCheckpoint(checkpointed, event) : checkpointed;
  }

  /** Stamps, redacts, records and publishes one event. */
  /** `stored`: what the session stores and other tabs get instead of `body` (this tab keeps `body`). */
  #emit(state: SessionState, runId: string | undefined, body: EventBody, stored?: EventBody): AgentEvent {
    const meta = { seq: state.nextSeq++, sessionId: state.id, at: this.#now().getTime(), ...(runId ? { runId } : {}) };
    const event = this.#redactor.value({ ...body, ...meta }) as AgentEvent;
    const kept = stored ? (this.#redactor.value({ ...stored, ...meta }) as AgentEvent) : event;
    state.events.push(event);
    if (!state.readOnly) this.#channel?.post(kept);
    // Text and reasoning deltas are live-only: a secret split across two deltas would escape per-event redaction,
    // while `assistant.message.completed` stores the whole text, redacted as one string.
    if (
      event.type !== 'assistant.text.delta' &&
      event.type !== 'assistant.reasoning.delta' &&
      event.type !== 'run.retrying'
    ) {
      state.pending.push(kept);
      state.flushing ??= this.#flush(state);
    }
    this.#publish(event);
    if (state.active && state.active.runId === runId) this.#touch(state.active);
    return event;
  }

  /** Appends queued events in batches; events emitted in one tick share one store call. */
  async #flush(state: SessionState): Promise<void> {
    try {
      await Promise.resolve();
      while (state.pending.length > 0) {
        const batch = state.pending.splice(0);
        try {
          await this.#options.store.append(state.id, batch);
        } catch (error) {
          console.error(`agent-runtime: could not store ${batch.length} event(s) of session ${state.id}`, error);
        }
      }
    } finally {
      state.flushing = null;
    }
  }

  /** Resolves once every event emitted so far reached the store. */
  async #persisted(state: SessionState): Promise<void> {
    while (state.flushing) await state.flushing;
  }

  async #load(sessionId: string): Promise<SessionState> {
    const cached = this.#sessions.get(sessionId);
    if (cached) return cached;
    let loading = this.#loading.get(sessionId);
    if (!loading) {
      loading = this.#options.store
        .readEvents(sessionId)
        .then((events) => {
          const state: SessionState = {
            id: sessionId,
            events,
            nextSeq: events.reduce((max, e) => Math.max(max, e.seq), 0) + 1,
            active: null,
            pending: [],
            flushing: null,
            releaseLock: null,
            readOnly: false,
          };
          this.#sessions.set(sessionId, state);
          return state;
        })
        .finally(() => this.#loading.delete(sessionId));
      this.#loading.set(sessionId, loading);
    }
    return loading;
  }

  /** Takes the session's Web Lock if free. Without `navigator.locks` (Node) a session is never read-only. */
  #acquireLock(state: SessionState): Promise<boolean> {
    if (state.releaseLock) return Promise.resolve(true);
    // Concurrent callers (openSession and a run started meanwhile) share one request: two requests
    // from the same tab would see each other as "another tab".
    state.acquiring ??= this.#requestLock(state).finally(() => {
      state.acquiring = null;
    });
    return state.acquiring;
  }

  async #requestLock(state: SessionState): Promise<boolean> {
    const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
    if (!locks) return true;
    this.#openChannel();
    return new Promise<boolean>((resolveAcquired) => {
      locks
        .request(`kline-agent-session:${state.id}`, { ifAvailable: true }, (lock) => {
          if (!lock) {
            resolveAcquired(false);
            return;
          }
          // Closed while the request was on its way (a panel moved or removed mid-open): release it now,
          // or this tab's next open of the chat would find it taken "by another tab" for good.
          if (!this.#wanted.has(state.id)) {
            resolveAcquired(true);
            return;
          }
          // Holding the callback's promise holds the lock until closeSession releases it.
          return new Promise<void>((release) => {
            state.releaseLock = release;
            resolveAcquired(true);
          });
        })
        .catch(() => resolveAcquired(false));
    });
  }

  /** Opens the session channel if tabs can share a chat here (see {@link openSessionChannel}). */
  #openChannel(): void {
    this.#channel ??= openSessionChannel((event) => {
      const early = this.#early.get(event.sessionId);
      // Still being opened, and not yet known to be another tab's: kept until the open knows.
      if (early && !this.#sessions.get(event.sessionId)?.readOnly) early.events.push(event);
      else this.#follow(event);
    });
  }

  /**
   * An event another tab posted for a chat this tab shows read-only: appended (once, in `seq` order) and
   * published, so the read-only view follows the live answer, tool cards included. Not stored: the
   * tab holding the chat stores it.
   */
  #follow(event: AgentEvent): void {
    const state = this.#sessions.get(event.sessionId);
    if (!state?.readOnly) return;
    if (event.seq < state.nextSeq) {
      // Not new: the same event again, or the holding tab was reloaded mid-run (or closed, and another took
      // the chat). Its log then goes on from what it stored; what this tab followed past that (live-only
      // text, events never stored) was never part of the chat and is dropped.
      const keep = state.events.findLastIndex((e) => e.seq < event.seq) + 1;
      if (isSameEvent(state.events[keep], event)) return;
      state.events.splice(keep);
    }
    state.events.push(event);
    state.nextSeq = event.seq + 1;
    this.#publish(event);
  }

  /**
   * Closes the session channel once no chat is open here and no run goes on (a panel removed or moved,
   * a runtime replaced): an open channel would keep this runtime alive. The next lock request reopens it.
   */
  #closeChannelIfIdle(): void {
    if (!this.#channel || this.#wanted.size > 0) return;
    for (const state of this.#sessions.values()) if (state.active) return;
    this.#channel.close();
    this.#channel = undefined;
  }

  #publish(event: AgentEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('agent-runtime: a subscriber threw', error);
      }
    }
  }

  #stop(active: ActiveRun, reason: StopReason): void {
    if (active.stopReason) return;
    active.stopReason = reason;
    if (active.timer) clearTimeout(active.timer);
    active.timer = null;
    active.controller.abort();
  }

  #throwIfStopped(active: ActiveRun): void {
    if (active.stopReason) throw new RunStopped();
  }

  /**
   * Restarts the inactivity deadline (not while a question waits for the user). It only notes the
   * time: a burst of streamed tokens touches the run thousands of times in one task, and one timer,
   * which moves itself to the new deadline when it fires early, keeps each touch O(1) with no timer calls.
   */
  #touch(active: ActiveRun): void {
    if (active.waiting > 0 || active.stopReason) {
      if (active.timer) clearTimeout(active.timer);
      active.timer = null;
      return;
    }
    active.lastActive = performance.now();
    active.timer ??= this.#deadlineTimer(active, this.#inactivityMs());
  }

  #deadlineTimer(active: ActiveRun, ms: number): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      active.timer = null;
      if (active.waiting > 0 || active.stopReason) return;
      const left = active.lastActive + this.#inactivityMs() - performance.now();
      if (left > 0) active.timer = this.#deadlineTimer(active, left);
      else this.#stop(active, 'deadline');
    }, ms);
  }

  #inactivityMs(): number {
    return this.#options.inactivityMs ?? DEFAULT_INACTIVITY_MS;
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }
}

/** Characters of `value` as JSON (0 when it cannot be written as JSON). */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

function safeContext(port: ChartAgentPort): ReturnType<ChartAgentPort['context']> {
  try {
    return port.context();
  } catch {
    return null;
  }
}

/** Every connected chart's context (several with a multi-chart port). */
function safeContexts(port: ChartAgentPort): (ChartContext | null)[] {
  try {
    const all = (port as { contexts?: () => (ChartContext | null)[] }).contexts?.();
    return all ?? [port.context()];
  } catch {
    return [];
  }
}

/** What changed on each chart between two lists of contexts (matched by chart id; prefixed when several). */
function chartChanges(before: readonly (ChartContext | null)[], after: readonly (ChartContext | null)[]): string[] {
  const several = after.length > 1;
  return after.flatMap((context) => {
    if (!context) return [];
    const previous = before.find((c) => c?.chartId === context.chartId) ?? null;
    return describeChartChanges(previous, context, several ? context.chartId : undefined);
  });
}

/** With several charts, one system-prompt item per chart (the prompt's own context is the first chart's). */
function chartItems(port: ChartAgentPort): ContextItem[] {
  const all = safeContexts(port);
  if (all.length < 2) return [];
  return all.flatMap((c) =>
    c
      ? [
          {
            kind: 'chart',
            label: `Chart "${c.chartId}"`,
            text: `${c.symbol}${c.symbolName && c.symbolName !== c.symbol ? ` (${c.symbolName})` : ''}, period ${c.period}, source ${c.source}, indicators: ${c.activeIndicators.map((i) => i.definitionId).join(', ') || 'none'}. Pass "chart": "${c.chartId}" to act on it.`,
          },
        ]
      : [],
  );
}

/** Identical failing calls in a row after which the run stops (the model got the error twice and did not change course). */
const REPEATED_FAILURE_LIMIT = 3;

interface FailureStreak {
  readonly key: string;
  readonly code: string;
  readonly count: number;
}

/** The streak after `call` ended with `result`: a success, a retryable failure or another call ends it. */
function repeatedFailure(streak: FailureStreak, call: AssembledToolCall, result: ToolResult): FailureStreak {
  if (result.success || result.error.retryable) return { key: '', code: '', count: 0 };
  const key = JSON.stringify([call.name, call.arguments.trim(), result.error.code]);
  return { key, code: result.error.code, count: key === streak.key ? streak.count + 1 : 1 };
}

function invalidInput(name: string, details: { path: string; reason: string }[]): ToolResult {
  return toolFailure('invalid_input', `The input of ${name} does not match its schema.`, {
    details,
    recommendedAction: `Fix the listed fields and call ${name} again.`,
  });
}

function abortedResult(): ToolResult {
  return toolFailure('aborted', 'The run was stopped before this tool finished.', { retryable: true });
}

/** Resolves with `work()`, or with an `aborted` failure as soon as `signal` aborts (a tool that ignores the signal can't hold the run). */
async function raceAbort(signal: AbortSignal, work: () => Promise<ToolResult>): Promise<ToolResult> {
  if (signal.aborted) return abortedResult();
  let onAbort: (() => void) | null = null;
  const aborted = new Promise<ToolResult>((resolve) => {
    onAbort = () => resolve(abortedResult());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work(), aborted]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Whether `baseURL` is on the page's own origin (a relative URL always is); false outside a page. */
function isSameOrigin(baseURL: string): boolean {
  const href = (globalThis as { location?: { href?: string } }).location?.href;
  if (!href) return false;
  try {
    return new URL(baseURL, href).origin === new URL(href).origin;
  } catch {
    return false;
  }
}

/** The client needs an absolute URL; `/v1` means the page's own origin (the relay). */
function toAbsoluteURL(baseURL: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(baseURL)) return baseURL;
  const origin = (globalThis as { location?: { href?: string } }).location?.href;
  return origin ? new URL(baseURL, origin).href : baseURL;
}

function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  if (ms >= 1000) return `${Math.round(ms / 1000)} seconds`;
  return `${ms} ms`;
}

/**
 * The thinking text of a delta: DeepSeek (and SGLang, LM Studio) stream `reasoning_content`,
 * OpenRouter and vLLM's newer builds `reasoning`. Neither is in the SDK's types.
 */
function reasoningOf(delta: unknown): string {
  if (typeof delta !== 'object' || delta === null) return '';
  const record = delta as { reasoning_content?: unknown; reasoning?: unknown };
  if (typeof record.reasoning_content === 'string') return record.reasoning_content;
  if (typeof record.reasoning === 'string') return record.reasoning;
  return '';
}

/** The HTTP status of a provider error (the OpenAI client's `APIError.status`). */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The first `length` characters of `text` (one fewer rather than half a surrogate pair). */
function headOf(text: string, length: number): string {
  if (length <= 0) return '';
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}
