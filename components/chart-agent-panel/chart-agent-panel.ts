import { LitElement, html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import { keyed } from 'lit/directives/keyed.js';
import { Signal } from 'signal-polyfill';
import {
  AgentRuntime,
  redact,
  TranscriptReducer,
  type AssistantTranscriptItem,
  type RunChangesTranscriptItem,
  type RunErrorTranscriptItem,
  type SessionInfo,
  type SessionStore,
  type SessionStoreProblem,
  type TranscriptItem,
} from '../../src/agent/index.js';
import {
  AGENT_AVAILABLE_EVENT,
  AGENT_CONNECT_EVENT,
  type AgentAvailableDetail,
  type AgentConnectDetail,
  type AgentEvent,
  type ChartAgentPort,
  type ChartContext,
  type ContextItem,
  type RunFailureCode,
  type RunStatus,
} from '../../src/protocol/index.js';
import {
  buildContextChips,
  pendingContextChips,
  renderContextChips,
  sameChipsShown,
  type ContextChip,
} from '../agent-parts/context-chips/index.js';
import { loadMarkdown, renderMarkdown } from '../agent-parts/markdown-view/index.js';
import type { QuestionAnswerDetail } from '../agent-parts/question-card/index.js';
import '../agent-parts/question-card/define.js';
import { renderSessionList } from '../agent-parts/session-list/index.js';
import { watchSignal } from '../agent-parts/watch-signal/index.js';
import { renderToolCard } from '../agent-parts/tool-card/index.js';
import { renderApprovalCard } from '../agent-parts/approval-card/index.js';
import { renderRunChanges } from '../agent-parts/run-changes/index.js';
import { chartAgentPanelStyles } from './chart-agent-panel.styles.js';
import { siteTheme, ThemeWatcher } from '../theme-watcher.js';
import { createMultiChartPort, type MultiChartPort } from '../../src/agent/multi-chart-port.js';
import { connectFramePort } from '../../src/frames/connect-frame-port.js';
import { FrameConnectError } from '../../src/frames/frame-connect-error.js';
import { windowOrigin } from '../../src/frames/window-origin.js';
import { chartTargets, wantsChart } from './chart-targets.js';
import { panelStrings, resolvePanelLocale, type PanelStrings } from './panel-strings.js';
import { isDefaultSessionTitle } from './default-session-title.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { localeDirection } from '../i18n/locale-direction.js';
import { localeRevision } from '../i18n/locale-registry.js';
import { toolLabel } from '../i18n/tool-labels.js';
import { toolErrorForPeople } from '../i18n/tool-error-strings.js';
import { approvalText, runConflictText, runSummaryText } from './agent-words.js';
import { OncePerFrame } from './once-per-frame.js';
import { isSameEvent } from '../../src/agent/is-same-event.js';
import { PanelFocus } from './panel-focus.js';
import {
  createPanelSessionStore,
  hasIndexedDb,
  renderStorageNotice,
  storageNoticeText,
} from './panel-session-store.js';
import { keepClicksInHost } from '../keep-clicks-in-host.js';
import { applyHeightAttribute } from '../host-height.js';

/** Detail of `agent-run-start` and `agent-run-end`. */
export interface AgentRunDetail {
  readonly runId: string;
  readonly status: RunStatus;
}

/** Detail of `agent-connection-change`. */
export interface AgentConnectionDetail {
  readonly connected: boolean;
  readonly chartId: string | null;
}

/** The host's search function offered to the model as `web_search`. */
export type WebSearchFunction = (query: string, signal: AbortSignal) => Promise<unknown>;

const TERMINAL: Readonly<Record<string, RunStatus>> = {
  'run.completed': 'completed',
  'run.failed': 'failed',
  'run.cancelled': 'cancelled',
  'run.interrupted': 'interrupted',
};
const TITLE_LENGTH = 48;
/** Longest technical message shown under `debug` (the card scrolls beyond its max height anyway). */
const ERROR_DETAIL_LENGTH = 600;
// A session whose Web Lock was just released (panel re-created, page reloaded) may still look
// taken for a moment; retry briefly before calling it read-only.
const LOCK_RETRIES = 3;
const LOCK_RETRY_MS = 150;
/** First wait before asking a framed chart again that could not fetch its code for the connection; it doubles up to the max. */
const FRAME_RETRY_MS = 2000;
/**
 * How long a panel that has just asked for its chart says nothing about not being connected: a chart
 * answers once its handshake chunk arrives, and a notice shown for that wait flashes and moves the
 * transcript (a layout shift). A chart removed later is reported at once.
 */
const CONNECT_GRACE_MS = 1500;
const FRAME_RETRY_MAX_MS = 30000;
/**
 * Rows per rendered block of the conversation. A block renders again only when one of its rows
 * (or something it shows, e.g. the locale) changed, so a streamed token re-renders one block, not
 * every message of a long chat; and each block is a box of its own (`.rows`), so a growing answer
 * lays out its block and the list of blocks, not every row, and blocks off screen are skipped.
 */
const BLOCK_ROWS = 16;
/**
 * Blocks per group: the list of blocks is cut in groups that render again only when one of their
 * blocks changed, so a streamed token checks a handful of groups and the blocks of the last one,
 * not every block of a long chat.
 */
const GROUP_BLOCKS = 8;

/** {@link BLOCK_ROWS} rows (fewer in the last block) and the outside state each row shows. */
interface RowBlock {
  readonly key: number;
  readonly items: readonly TranscriptItem[];
  /** Per row, what {@link ChartAgentPanel}'s `#rowState` returned when the block was made. */
  readonly states: readonly unknown[];
  /** What every row shows (locale, read-only, debug…), as one string. */
  readonly shared: string;
}

/** {@link GROUP_BLOCKS} blocks (fewer in the last group); the same object while none of them changed. */
interface BlockGroup {
  readonly key: number;
  readonly blocks: readonly RowBlock[];
}

/**
 * A chat panel that drives an OpenAI-compatible model against a `<kline-chart>`: the model sees
 * the chart's context and changes it through the chart's own tools. Conversations are stored per
 * session (IndexedDB by default) and replayed on reload.
 *
 * @summary Agent side panel for `<kline-chart>`: streamed answers, tool cards, questions, sessions.
 *
 * @attr for - Id of the `<kline-chart>` to operate (default: the first agent-enabled chart); several space-separated ids (`a b`) or `*` (every chart in the document) connect several charts, and each tool then takes a `chart` parameter; `frame:ID` (the chart in that iframe) or `window:opener` connect to a chart in another window whose `agent-origins` lists this page's origin (that window's origin: `chart-origin`).
 * @attr chart-origin - For `for="window:opener"` or `frame:ID`: the origin of the chart's window (one http(s) origin such as `https://app.example`, no path). Default: this page's own origin for the opener, the iframe's `src` origin for a frame (set it when that address redirects to another origin). The connection goes to a page of that origin only; a value that is not one origin (`*`, `null`, a path) is refused with a console error and the panel stays disconnected.
 * @attr base-url - OpenAI-compatible base URL (default `/v1`, the relay on the same origin).
 * @attr model - Model name (default: none, the relay's `OPENAI_MODEL`).
 * @attr api-key - Key sent from the browser. For local development only: it is visible to the page.
 * @attr read-only - Runs may only use read-only tools.
 * @attr session-store - `indexeddb` or `memory` (default `indexeddb`).
 * @attr max-steps - Tool-call rounds per run (default `20`).
 * @attr locale - BCP-47 tag: `en` `zh-CN` `zh-TW` `ja` or one given to `registerLocale` (default from `navigator.language`; docs/contracts.md "Locales").
 * @attr theme - `light`, `dark` or `auto` (default `auto`: a `dark` / `light` class or `data-theme` on `<html>`, else `prefers-color-scheme`).
 * @attr session-key - Which saved chats this panel lists and continues (default: the page path and the `for` chart id, so each page and chart keeps its own chats).
 * @attr debug - Failed runs show technical details (addresses, HTTP status, the provider's message) meant for the site's developer.
 * @attr confirm-mutations - `on`: every call that would change the chart waits for the user's approval on a card (`off` by default).
 * @attr height - The panel's height as a CSS length (`420px`, `30rem`, `60vh`; a bare number means px), applied through the CSSOM so a page under `style-src 'self'` sizes it by attributes alone; a page's own stylesheet rule on the element wins over it. Anything else is ignored with a console warning: the default 480px applies.
 * @attr vision - Offer `chart_capture` (the chart as an image) to the model: `auto` (default: until the model refuses an image, remembered per model), `on`, `off`.
 *
 * @fires {CustomEvent<AgentEvent>} agent-event - Every runtime event, redacted (detail: the event).
 * @fires {CustomEvent<AgentRunDetail>} agent-run-start - A run started (detail: `{ runId, status: 'running' }`).
 * @fires {CustomEvent<AgentRunDetail>} agent-run-end - A run ended (detail: `{ runId, status }`: `completed`, `failed`, `cancelled` or `interrupted`).
 * @fires {CustomEvent<AgentConnectionDetail>} agent-connection-change - The chart connected or went away (detail: `{ connected, chartId }`).
 *
 * @csspart messages - The scrolling conversation.
 * @csspart input - The message textarea.
 * @csspart send - The send button.
 * @csspart stop - The stop button (while a run is in progress).
 * @csspart context-chip - One context chip above the input.
 * @csspart tool-card - One tool call.
 * @csspart question-card - A question of the agent.
 * @csspart question-option - One option of a question.
 * @csspart question-note - The note of a question.
 * @csspart question-submit - The submit button of a question.
 * @csspart question-skip - The skip button of a question.
 * @csspart read-only-toggle - The read-only toggle (`aria-pressed`).
 * @csspart new-session - The new-chat button.
 * @csspart delete-session - The delete-chat button.
 * @csspart session-list - The chat picker: a native select, see-through over the chosen chat's title and time.
 * @csspart session-title - The chosen chat's title and time as shown (its colour and font; the title is cut short before the time).
 * @csspart error - A failed run, with its explanation and a retry button.
 * @csspart retry - The retry button of a failed run.
 * @csspart retry-status - "Rate limited — retrying in N s" while a failed model request waits for its retry.
 * @csspart notice - A notice bar (`data-notice`): `disconnected`, `session-read-only`, `storage` (conversation storage failed) or `other`.
 * @csspart copy - The copy button of an assistant message.
 * @csspart reasoning - The collapsed "Thinking" disclosure of a reasoning model's step.
 * @csspart cut-note - "Cut off here" under the text of a reply cut off at a limit (its error follows).
 * @csspart approval-card - A mutating call waiting for approval (`confirm-mutations="on"`).
 * @csspart approve - Approve button of an approval card.
 * @csspart deny - Deny button of an approval card.
 * @csspart approve-all - Approves every waiting call of the turn.
 * @csspart deny-all - Denies every waiting call of the turn.
 * @csspart run-changes - What a run changed, under its answer.
 * @csspart undo-run - Undo (or redo) everything the run changed, as one step.
 *
 * @cssprop [--agent-panel-background=#ffffff] - Panel background.
 * @cssprop [--agent-panel-surface=#f6f7f9] - Cards and hover background.
 * @cssprop [--agent-panel-text-color=#1b1d22] - Text colour.
 * @cssprop [--agent-panel-muted-color=#6b7080] - Secondary text.
 * @cssprop [--agent-panel-border-color=#e3e5ea] - Borders.
 * @cssprop [--agent-panel-accent-color=#2962ff] - Send button, focus, selected options.
 * @cssprop [--agent-panel-accent-text-color=#ffffff] - Text on the accent colour.
 * @cssprop [--agent-panel-user-background=#eef2ff] - The user's messages.
 * @cssprop [--agent-panel-code-background=#f1f3f6] - Code in answers.
 * @cssprop [--agent-panel-danger-color=#d32f2f] - Failures.
 * @cssprop [--agent-panel-danger-background=#fdecec] - Error box background.
 * @cssprop [--agent-panel-success-color=#1b8a5a] - Succeeded tools, connected dot.
 * @cssprop [--agent-panel-warning-background=#fff6e0] - Notices.
 * @cssprop [--agent-panel-radius=10px] - Corner radius of the panel.
 * @cssprop [--agent-panel-font] - Font shorthand.
 * @cssprop [--agent-panel-mono-font] - Font family of code.
 */
export class ChartAgentPanel extends LitElement {
  static override styles = chartAgentPanelStyles;

  static override properties = {
    for: { type: String },
    chartOrigin: { type: String, attribute: 'chart-origin' },
    baseUrl: { type: String, attribute: 'base-url' },
    model: { type: String },
    apiKey: { type: String, attribute: 'api-key' },
    readOnly: { type: Boolean, attribute: 'read-only', reflect: true },
    sessionStore: { type: String, attribute: 'session-store' },
    maxSteps: { type: Number, attribute: 'max-steps' },
    locale: { type: String },
    theme: { type: String, reflect: true },
    sessionKey: { type: String, attribute: 'session-key' },
    debug: { type: Boolean },
    webSearch: { attribute: false },
    secrets: { attribute: false },
    redactPatterns: { attribute: false },
    _connected: { state: true },
    _connecting: { state: true },
    _events: { state: true },
    _sessions: { state: true },
    _sessionId: { state: true },
    _sessionReadOnly: { state: true },
    _running: { state: true },
    _input: { state: true },
    _now: { state: true },
    _copiedId: { state: true },
    _confirmDelete: { state: true },
    _atBottom: { state: true },
    _notice: { state: true },
    _storageProblem: { state: true },
    _reverting: { state: true },
    _retrying: { state: true },
    confirmMutations: { type: String, attribute: 'confirm-mutations' },
    vision: { type: String },
    height: { type: String },
  };

  /** Id of the chart to operate; empty: the first agent-enabled chart. */
  for = '';
  /** Origin of the chart's window for `for="window:opener"` or `frame:ID` (`https://app.example`); empty: this page's origin for the opener, the iframe's `src` origin for a frame. */
  chartOrigin = '';
  /** OpenAI-compatible base URL. */
  baseUrl = '/v1';
  /** Model name; empty: the relay's default. */
  model = '';
  /** Key sent from the browser (local development only). */
  apiKey = '';
  /** Runs may only use read-only tools. */
  readOnly = false;
  /** `indexeddb` or `memory`. */
  sessionStore: 'indexeddb' | 'memory' = 'indexeddb';
  /** Tool-call rounds per run. */
  maxSteps = 20;
  /** BCP-47 tag of the panel's words; empty: from `navigator.language`. */
  locale = '';
  /** `light`, `dark` or `auto`. */
  theme: 'light' | 'dark' | 'auto' = 'auto';
  /** Which saved chats this panel lists; empty: {@link ChartAgentPanel.effectiveSessionKey}'s default. */
  sessionKey = '';
  /** Show technical details of failures (for the site's developer). */
  debug = false;
  /** Offered to the model as `web_search` when set. */
  webSearch: WebSearchFunction | null = null;
  /** Extra strings redacted from every event and stored log. */
  secrets: readonly string[] = [];
  /** Extra patterns (a host's own key formats) redacted from every event, stored log and chat title, besides the built-in key formats. */
  redactPatterns: readonly RegExp[] = [];
  /** `on`: every mutating tool call waits for the user's approval on a card. */
  confirmMutations: 'on' | 'off' = 'off';
  /** `auto` (default), `on` or `off`: whether the model gets `chart_capture` and its images. */
  vision: 'auto' | 'on' | 'off' = 'auto';
  /** Height as a CSS length (`420px`, `30rem`; a bare number is px), set through the CSSOM, so allowed under `style-src 'self'`; a page's rule on the element wins; not a length: a console warning, and 480px. */
  height = '';

  declare _connected: boolean;
  /** Asked for a chart within {@link CONNECT_GRACE_MS}: no disconnected notice yet. */
  declare _connecting: boolean;
  #graceTimer: ReturnType<typeof setTimeout> | undefined;
  /** The current session's events (mutated in place; `_eventsVersion` tells Lit). */
  declare _events: AgentEvent[];
  declare _sessions: SessionInfo[];
  declare _sessionId: string;
  declare _sessionReadOnly: boolean;
  declare _running: boolean;
  declare _input: string;
  declare _now: number;
  declare _copiedId: string;
  declare _confirmDelete: boolean;
  declare _atBottom: boolean;
  declare _notice: string;
  /** The latest storage problem (conversations kept in the page), shown as a notice. */
  declare _storageProblem: SessionStoreProblem | null;
  /** Run id whose "Undo run" is in progress. */
  declare _reverting: string;
  /** The run waits before another model request (`run.retrying`): why, and until when (epoch ms). */
  declare _retrying: { code: RunFailureCode; until: number; seconds: number; attempt: number } | null;

  #store: SessionStore | null = null;
  #storeKind = '';
  #runtime: AgentRuntime | null = null;
  #unsubscribeRuntime: () => void = () => undefined;
  /** What the runtime was built with; a change rebuilds it before the next run. */
  #runtimeConfig: {
    key: string;
    webSearch: WebSearchFunction | null;
    secrets: readonly string[];
    redactPatterns: readonly RegExp[];
  } | null = null;
  #port: ChartAgentPort | null = null;
  /** With several charts (for="a b", "*"): each chart's own port by the id it was asked by, that #port drives. */
  #chartPorts = new Map<string, ChartAgentPort>();
  /** While #askCharts asks: replies at once join, and it connects once they all have. */
  #asking = false;
  #unsubscribeContext: () => void = () => undefined;
  #toolLabels = new Map<string, string>();
  readonly #i18n = new LocaleController(this, () => this.locale);
  /** Bumped on every connect/disconnect, so late async work of an older life is dropped. */
  #life = 0;
  #currentRunId: string | null = null;
  /** Folds `_events` incrementally: each new event costs O(1), not a re-fold of the whole log. */
  #reducer = new TranscriptReducer();
  #itemsFor: AgentEvent[] | null = null;
  #itemsLength = 0;
  /**
   * The connected chart's context, as the port last reported it. Only the context chips (and the
   * status dot's symbol) read it, through `watchSignal()`: a pan or a live tick updates a signal, and the
   * chips re-render when what they show changed; the conversation is not rendered again.
   */
  readonly #context = new Signal.State<ChartContext | null>(null);
  /** Keys of the chips the user removed from the next message. */
  readonly #removedChips = new Signal.State<ReadonlySet<string>>(new Set());
  readonly #symbol = new Signal.Computed(() => this.#context.get()?.symbol ?? '');
  #dotLabel: { lang: string; signal: Signal.Computed<string> } | null = null;

  /** "Connected to DEMO" in the panel's language, following the chart's symbol without a render. */
  #connectedLabel(s: PanelStrings, lang: string): Signal.Computed<string> {
    if (this.#dotLabel?.lang !== lang)
      this.#dotLabel = { lang, signal: new Signal.Computed(() => s.connectedTo(this.#symbol.get())) };
    return this.#dotLabel.signal;
  }
  /** The chip row's template per locale (the strings are fixed per locale). */
  #chipsView: { locale: string; view: Signal.Computed<unknown> } | null = null;
  #stick = true;
  #resize: ResizeObserver | null = null;
  #observed: Element | null = null;
  #ticker: ReturnType<typeof setInterval> | null = null;
  #warnedKey = '';
  #deleteTimer: ReturnType<typeof setTimeout> | null = null;
  #copyTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the shown chat was read from its store: an error from before is history, not news (no alert). */
  #loadedAt = 0;

  constructor() {
    super();
    keepClicksInHost(this);
    this._connected = false;
    this._connecting = false;
    this._events = [];
    this._sessions = [];
    this._sessionId = '';
    this._sessionReadOnly = false;
    this._running = false;
    this._input = '';
    this._now = Date.now();
    this._copiedId = '';
    this._confirmDelete = false;
    this._atBottom = true;
    this._notice = '';
    this._storageProblem = null;
    this._reverting = '';
    this._retrying = null;
  }

  /** Whether a chart is connected. */
  get connected(): boolean {
    return this._connected;
  }

  /** Id of the session shown. */
  get sessionId(): string {
    return this._sessionId;
  }

  /** The key the panel's chats are stored under: `session-key`, or the page path plus `#` and the `for` id. */
  get effectiveSessionKey(): string {
    if (this.sessionKey) return this.sessionKey;
    const path = typeof location !== 'undefined' ? location.pathname : '';
    return this.for ? `${path}#${this.for}` : path;
  }

  /** The runtime (created on connect). For advanced hosts and tests. */
  get runtime(): AgentRuntime | null {
    return this.#runtime;
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  override connectedCallback(): void {
    super.connectedCallback();
    this.#themeWatcher.start(this);
    this.#syncSiteTheme();
    const life = ++this.#life;
    document.addEventListener(AGENT_AVAILABLE_EVENT, this.#onAvailable as EventListener);
    this.#awaitChart();
    this.#handshake();
    void this.#start(life);
    // The Markdown tokenizer is a chunk of its own: fetch it now, before the first answer streams.
    loadMarkdown().catch(() => undefined);
  }

  /** `theme="auto"` follows the site's own switch nearest to the panel (theme-watcher.ts): mirrored as `data-site-theme`. */
  readonly #themeWatcher = new ThemeWatcher(() => this.#syncSiteTheme());
  /** The aria-label the panel gave itself (its title, in its language); another value is the page's own. */
  #ownLabel: string | null = null;

  #syncSiteTheme(): void {
    const site = siteTheme(this);
    if (site) {
      if (this.getAttribute('data-site-theme') !== site) this.setAttribute('data-site-theme', site);
    } else if (this.hasAttribute('data-site-theme')) this.removeAttribute('data-site-theme');
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#themeWatcher.stop();
    this.#life++;
    document.removeEventListener(AGENT_AVAILABLE_EVENT, this.#onAvailable as EventListener);
    clearTimeout(this.#graceTimer);
    const runtime = this.#runtime;
    if (runtime && this._sessionId) {
      // Nobody can watch or stop a run of a panel that is gone: stop it rather than let it change the chart unseen.
      runtime.cancel(this._sessionId);
      runtime.closeSession(this._sessionId);
    }
    this.#unsubscribeRuntime();
    this.#unsubscribeRuntime = () => undefined;
    this.#runtime = null;
    // An open IndexedDB connection is held by the page, and through its store's problem listener this panel:
    // closed once the cancelled run's last writes are done (reopened if the panel comes back: #start).
    this.#store?.keepConnection?.(false);
    this.#frameLoads?.abort();
    this.#frameLoads = null;
    this.#detach(false);
    this.#stopTicker();
    this.#tokensRender.cancel();
    this.#resize?.disconnect();
    this.#observed = null;
    if (this.#deleteTimer) clearTimeout(this.#deleteTimer);
    if (this.#copyTimer) clearTimeout(this.#copyTimer);
    this._running = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#focus.beforeUpdate();
    if (changed.has('apiKey') && this.apiKey && this.apiKey !== this.#warnedKey) {
      this.#warnedKey = this.apiKey;
      console.warn(
        '<chart-agent-panel>: the api-key attribute sends the key from the browser, where any script on the page can read it. Use it for local development only; in production let the relay add the key (OPENAI_API_KEY).',
      );
    }
    if (changed.has('sessionStore') && this.#store && this.#storeKind !== this.#wantedStoreKind() && this.isConnected) {
      void this.#restart();
    }
    if (changed.has('confirmMutations')) this.#runtime?.setConfirmMutations(this.confirmMutations === 'on');
    if (changed.has('vision')) this.#runtime?.setVision(visionMode(this.vision));
    if (changed.has('height')) applyHeightAttribute(this, this.height);
    if (
      ((changed.has('for') && changed.get('for') !== undefined) ||
        (changed.has('chartOrigin') && changed.get('chartOrigin') !== undefined)) &&
      this.isConnected
    ) {
      this.#detach(true);
      this.#awaitChart();
      this.#handshake();
    }
    // Another place (also a session-key set by a framework right after connecting): list and continue that place's chats.
    if (
      (changed.has('sessionKey') || changed.has('for')) &&
      this.#store &&
      this.isConnected &&
      this.#loadedKey &&
      this.#loadedKey !== this.effectiveSessionKey
    )
      void this.#restart();
  }

  #stickQueued = false;

  protected override updated(): void {
    // A named region: screen readers list the assistant among the landmarks, as they do the chart.
    if (!this.hasAttribute('role')) this.setAttribute('role', 'region');
    const label = panelStrings(this.#i18n.tag).title;
    // The page's own label is any other value, also one set after the panel rendered.
    const current = this.getAttribute('aria-label');
    if (current === null || current === this.#ownLabel) {
      this.#ownLabel = label;
      if (current !== label) this.setAttribute('aria-label', label);
    }
    // While a run streams, stick to the bottom once per frame, not per render: setting scrollTop
    // forces a layout of the whole conversation, and a run's other events render as they come.
    if (this.#stick && !this._running) {
      const messages = this.renderRoot.querySelector<HTMLElement>('.messages');
      if (messages) this.#follow(messages);
    } else if (this.#stick && !this.#stickQueued) {
      this.#stickQueued = true;
      requestAnimationFrame(() => {
        this.#stickQueued = false;
        const messages = this.renderRoot.querySelector<HTMLElement>('.messages');
        if (messages && this.#stick) this.#follow(messages);
      });
    }
    // Question cards render a moment after us and <details> open on click: follow size changes too.
    const inner = this.renderRoot.querySelector<HTMLElement>('.messages-inner');
    if (inner && inner !== this.#observed) {
      this.#resize ??= new ResizeObserver(() => {
        const el = this.renderRoot.querySelector<HTMLElement>('.messages');
        if (el && this.#stick) this.#follow(el);
      });
      this.#resize.disconnect();
      this.#resize.observe(inner);
      this.#observed = inner;
    }
    this.#transcript();
    // The clock also counts down a wait before a retry. Not for a removed panel (an update after
    // disconnectedCallback still shows the wait): the interval would hold it for ever.
    const anyRunning = (this.#reducer.runningTools() > 0 || this._retrying !== null) && this.isConnected;
    if (anyRunning && !this.#ticker)
      this.#ticker = setInterval(() => {
        this._now = Date.now();
      }, 500);
    else if (!anyRunning) this.#stopTicker();
    this.#focus.afterUpdate();
  }

  /** Keeps focus in the panel when a focused control goes away, and moves it to a card that waits for the user. */
  readonly #focus = new PanelFocus(this);

  // ---- connection -----------------------------------------------------------------------------

  /** Starts the grace in which a chart just asked for may still answer (see {@link CONNECT_GRACE_MS}). */
  #awaitChart(): void {
    this._connecting = true;
    clearTimeout(this.#graceTimer);
    this.#graceTimer = setTimeout(() => (this._connecting = false), CONNECT_GRACE_MS);
  }

  #handshake(): void {
    if (this.#port) return;
    this.#frameLoads?.abort();
    this.#frameLoads = null;
    const life = this.#life;
    const frame = this.for.trim();
    if (frame.startsWith('frame:') || frame === 'window:opener') {
      this.#connectFrame(frame, life);
      return;
    }
    const targets = chartTargets(this.for);
    if (targets) {
      // Several charts: ask each one, then drive them through one multiplexing port.
      this.#askCharts(
        targets === '*'
          ? [...document.querySelectorAll('kline-chart')]
              .filter((c) => c.getAttribute('agent') !== 'off' && c.id)
              .map((c) => c.id)
          : targets,
      );
      return;
    }
    let replied = false;
    const asked = this.for;
    const detail: AgentConnectDetail = {
      ...(asked ? { chartId: asked } : {}),
      requester: this,
      reply: (port: ChartAgentPort) => {
        // One port per handshake; a late reply (a chart whose answer was still a chunk on its way) counts
        // only while we still wait for that chart, else the chart lets it go.
        if (replied || life !== this.#life || this.#port || this.for !== asked) {
          if (port !== this.#port) port.close?.();
          return;
        }
        replied = true;
        this.#attach(port);
      },
    };
    document.dispatchEvent(new CustomEvent(AGENT_CONNECT_EVENT, { detail, bubbles: true, composed: true }));
  }

  /**
   * Asks each chart of `ids` that has no port here yet. A reply joins the connection, also a late one (a
   * chart answers when its handshake chunk arrives, docs/contracts.md "Handshake"); a chart that has its
   * port here already (an earlier request answered late) gets the new one closed: each keeps one.
   */
  #askCharts(ids: readonly string[]): void {
    const life = this.#life;
    this.#asking = true;
    try {
      for (const chartId of ids) {
        if (this.#chartPorts.has(chartId)) continue;
        const ask: AgentConnectDetail = {
          chartId,
          reply: (port: ChartAgentPort) => {
            // By the id asked for: a port's chartId is the chart's id when it connected.
            if (
              life !== this.#life ||
              !chartTargets(this.for) ||
              !wantsChart(this.for, chartId) ||
              this.#chartPorts.has(chartId)
            ) {
              port.close?.();
              return;
            }
            this.#chartPorts.set(chartId, port);
            if (!this.#asking) this.#connectCharts();
          },
        };
        document.dispatchEvent(new CustomEvent(AGENT_CONNECT_EVENT, { detail: ask, bubbles: true, composed: true }));
      }
    } finally {
      this.#asking = false;
    }
    this.#connectCharts();
  }

  /** Drives the charts that replied through one port (one chart: its own), in place of the previous one. */
  #connectCharts(): void {
    const order = chartTargets(this.for);
    const entries = [...this.#chartPorts];
    if (Array.isArray(order)) entries.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
    const ports = entries.map(([, port]) => port);
    const current = this.#port;
    const driven = !current ? [] : 'ports' in current ? (current as MultiChartPort).ports : [current];
    if (ports.length === 0 || (driven.length === ports.length && ports.every((p, i) => driven[i] === p))) return;
    this.#detach(false, true);
    this.#attach(ports.length === 1 ? ports[0] : createMultiChartPort(ports));
  }

  /**
   * Connects to a chart in an iframe (`frame:ID`) or the opener, over postMessage; retries when the iframe loads.
   * The channel goes only to a page of one origin: `chart-origin` when set, else the iframe's `src` origin or,
   * for the opener (whose origin this page cannot read), this page's own: never to whoever is there.
   */
  #connectFrame(target: string, life: number): void {
    let win: Window | null = null;
    const named = this.chartOrigin.trim();
    const chosen = named ? windowOrigin(named) : null;
    if (named && !chosen) {
      console.error(
        `<chart-agent-panel>: chart-origin ${JSON.stringify(named)} is not an origin such as https://app.example (http or https, no path): not connecting to ${target}.`,
      );
      return;
    }
    let origin = chosen ?? location.origin;
    if (target === 'window:opener') {
      win = window.opener as Window | null;
    } else {
      const iframe = document.getElementById(target.slice('frame:'.length));
      if (iframe instanceof HTMLIFrameElement) {
        win = iframe.contentWindow;
        try {
          if (!chosen) origin = new URL(iframe.src, location.href).origin;
        } catch {
          // An address that does not parse loads nothing: this page's origin, the default, stays.
        }
        // The iframe outlives the panel: its listener goes with this connection attempt (#handshake, disconnect).
        iframe.addEventListener(
          'load',
          () => {
            if (!this.#port && this.#life === life) this.#handshake();
          },
          { signal: (this.#frameLoads = new AbortController()).signal },
        );
      }
    }
    if (!win) return;
    const frameWindow = win;
    // Still wanted: the same panel life, no port yet, and still for this window (`for` may have changed meanwhile).
    const wanted = () => life === this.#life && !this.#port && this.for.trim() === target;
    const attempt = (left: number) => {
      connectFramePort(frameWindow, origin, { timeoutMs: 2000 }).then(
        (port) => {
          if (!wanted()) return port.close?.();
          this.#attach(port);
        },
        (error: unknown) => {
          if (!wanted()) return;
          const text = `<chart-agent-panel>: ${error instanceof Error ? error.message : String(error)}`;
          if (error instanceof FrameConnectError && error.code === 'agent_unavailable') {
            // The framed chart could not fetch its code for the connection (offline; it fired kline-error
            // agent_unavailable there) and fetches it again at the next request: ask again, less often each time.
            if (wait === FRAME_RETRY_MS) console.info(text);
            setTimeout(() => {
              if (wanted()) attempt(left);
            }, wait);
            wait = Math.min(wait * 2, FRAME_RETRY_MAX_MS);
          } else if (left > 0) {
            // The framed page may still be loading its chart: ask again a few times before giving up.
            attempt(left - 1);
          } else console.info(text);
        },
      );
    };
    let wait = FRAME_RETRY_MS;
    attempt(5);
  }

  /** Ends the iframe `load` listener of the last #connectFrame. */
  #frameLoads: AbortController | null = null;

  readonly #onAvailable = (event: CustomEvent<AgentAvailableDetail>): void => {
    const chartId = event.detail?.chartId;
    if (!wantsChart(this.for, chartId)) return;
    // With several charts, one that arrives later joins the others, which keep their ports.
    if (this.#port && chartTargets(this.for)) this.#askCharts([chartId]);
    else this.#handshake();
  };

  #attach(port: ChartAgentPort): void {
    this.#port = port;
    this.#runtime?.setPort(port);
    this._connected = true;
    this._connecting = false;
    clearTimeout(this.#graceTimer);
    this.#setContext(safe(() => port.context(), null));
    this.#refreshToolLabels();
    // A chart lists its built-in tools once their chunk is in (issue #12): the cards' labels follow.
    port.toolsReady?.().then(
      () => {
        if (this.#port !== port) return;
        this.#refreshToolLabels();
        this.requestUpdate();
      },
      () => undefined,
    );
    this.#unsubscribeContext = safe(
      () =>
        port.subscribe((context) => {
          this.#setContext(context);
          // For several charts the chips show each one's, but the context signal holds the first's:
          // re-render on any chart's change (another chart's data may arrive after the first's).
          if ('contexts' in port) this.requestUpdate();
        }),
      () => undefined,
    );
    // The chart keeps its ports until it goes away, and with them this reaction: it must not keep a
    // removed panel alive, so it reaches the panel through a link that #detach cuts.
    const link: PortLink = { onClosed: () => this.#onPortClosed(port) };
    this.#portLink = link;
    // Not inlined by the minifier: a closure made inside this method would keep its scope, `this` included.
    /*@__NOINLINE__*/ whenClosed(port, link);
    this.#dispatch<AgentConnectionDetail>('agent-connection-change', { connected: true, chartId: port.chartId });
  }

  #portLink: PortLink | null = null;

  #onPortClosed(port: ChartAgentPort): void {
    if (this.#port !== port) return;
    this.#detach(true);
    // The chart may come back (re-added, agent turned on again): it announces itself then.
    this.#handshake();
  }

  /**
   * Drops the connection; the panel lets go of its ports (`close`), so a chart keeps none for a panel that
   * no longer uses them. `keepPorts`: the charts' ports carry on in the next connection (#connectCharts).
   */
  #detach(notify: boolean, keepPorts = false): void {
    const port = this.#port;
    if (!keepPorts) {
      for (const p of this.#chartPorts.values()) p.close?.();
      this.#chartPorts.clear();
    }
    if (!port) return;
    if (this.#portLink) this.#portLink.onClosed = null;
    this.#portLink = null;
    this.#unsubscribeContext();
    this.#unsubscribeContext = () => undefined;
    this.#port = null;
    this.#runtime?.setPort(null);
    this._connected = false;
    this.#setContext(null);
    if (!keepPorts) port.close?.();
    if (notify)
      this.#dispatch<AgentConnectionDetail>('agent-connection-change', { connected: false, chartId: port.chartId });
  }

  /** The port calls back from inside the chart's own signal effect: write outside its tracking. */
  #setContext(context: ChartContext | null): void {
    Signal.subtle.untrack(() => this.#context.set(context));
  }

  #refreshToolLabels(): void {
    const port = this.#port;
    const tools = port ? safe(() => port.tools(), []) : [];
    const labels = new Map(tools.map((t) => [t.name, t.label]));
    if ([...labels].join('\n') !== [...this.#toolLabels].join('\n')) this.#labelsVersion++;
    this.#toolLabels = labels;
  }

  // ---- runtime and sessions -------------------------------------------------------------------

  #wantedStoreKind(): 'indexeddb' | 'memory' {
    return this.sessionStore === 'memory' || !hasIndexedDb() ? 'memory' : 'indexeddb';
  }

  async #start(life: number): Promise<void> {
    const kind = this.#wantedStoreKind();
    if (!this.#store || this.#storeKind !== kind) {
      const store: SessionStore = createPanelSessionStore(kind, (problem) => {
        if (this.#store === store) this._storageProblem = problem;
      });
      this.#store = store;
      this._storageProblem = null;
      this.#storeKind = kind;
    }
    this.#store.keepConnection?.(true);
    this.#buildRuntime();
    // Not ready to send until a chat is open again: a panel moved in the page still shows its chat's id,
    // and a message sent now would be dropped (the new runtime reopens the chat a moment later).
    this.#opening++;
    this.requestUpdate();
    try {
      await this.#loadSessions(life);
    } catch (error) {
      if (life === this.#life)
        this._notice = `${this.#strings().storage.openFailed} ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      this.#opening--;
      this.requestUpdate();
    }
  }

  /** Switches the store (the `session-store` attribute changed). */
  async #restart(): Promise<void> {
    if (this.#runtime && this._sessionId) {
      this.#runtime.cancel(this._sessionId);
      this.#runtime.closeSession(this._sessionId);
    }
    this._sessionId = '';
    this._events = [];
    this._sessions = [];
    const life = ++this.#life;
    await this.#start(life);
  }

  #buildRuntime(): void {
    const store = this.#store;
    if (!store) throw new Error('chart-agent-panel: the session store opens before the runtime is built');
    const previous = this.#runtime;
    this.#unsubscribeRuntime();
    if (previous && this._sessionId) previous.closeSession(this._sessionId);
    const runtime = new AgentRuntime({
      baseURL: this.baseUrl || '/v1',
      store,
      ...(this.model ? { model: this.model } : {}),
      ...(this.apiKey ? { apiKey: this.apiKey } : {}),
      maxSteps: Number.isFinite(this.maxSteps) && this.maxSteps > 0 ? Math.floor(this.maxSteps) : 20,
      secrets: this.secrets ?? [],
      redactPatterns: this.redactPatterns ?? [],
      ...(this.webSearch ? { webSearch: this.webSearch } : {}),
      locale: resolvePanelLocale(this.locale),
      confirmMutations: this.confirmMutations === 'on',
      vision: visionMode(this.vision),
    });
    runtime.setPort(this.#port);
    this.#unsubscribeRuntime = runtime.subscribe(this.#onRuntimeEvent);
    this.#runtime = runtime;
    this.#runtimeConfig = {
      key: this.#configKey(),
      webSearch: this.webSearch,
      secrets: this.secrets,
      redactPatterns: this.redactPatterns,
    };
  }

  #configKey(): string {
    return JSON.stringify([this.baseUrl, this.model, this.apiKey, this.maxSteps, resolvePanelLocale(this.locale)]);
  }

  /** The runtime's options are fixed at construction: attributes changed since need a new one. */
  #configChanged(): boolean {
    const built = this.#runtimeConfig;
    return (
      !built ||
      built.key !== this.#configKey() ||
      built.webSearch !== this.webSearch ||
      built.secrets !== this.secrets ||
      built.redactPatterns !== this.redactPatterns
    );
  }

  /** The session key the listed chats belong to. */
  #loadedKey = '';

  async #loadSessions(life: number, prefer?: string): Promise<void> {
    const store = this.#store;
    if (!store) return;
    const key = this.effectiveSessionKey;
    this.#loadedKey = key;
    let sessions = await store.listSessions(key);
    if (life !== this.#life) return;
    if (sessions.length === 0) {
      await store.createSession(this.#strings().newSession, key);
      sessions = await store.listSessions(key);
      if (life !== this.#life) return;
    }
    this._sessions = sessions;
    const target = sessions.find((s) => s.id === prefer) ?? sessions[0];
    await this.#openSession(target.id, life);
  }

  /** Session opens in flight: sending waits until the log is loaded and the lock is decided. */
  #opening = 0;

  async #openSession(id: string, life = this.#life): Promise<void> {
    this.#opening++;
    this.requestUpdate();
    try {
      await this.#openSessionNow(id, life);
    } finally {
      this.#opening--;
      this.requestUpdate();
    }
  }

  async #openSessionNow(id: string, life: number): Promise<void> {
    const runtime = this.#runtime;
    if (!runtime) return;
    if (this._sessionId && this._sessionId !== id) runtime.closeSession(this._sessionId);
    this._sessionId = id;
    this._events = [];
    this._sessionReadOnly = false;
    this._notice = '';
    this.#stick = true;
    let opened = await runtime.openSession(id);
    for (let attempt = 0; opened.readOnly && attempt < LOCK_RETRIES; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      if (life !== this.#life || this._sessionId !== id || this.#runtime !== runtime) return;
      opened = await runtime.openSession(id);
    }
    if (life !== this.#life || this._sessionId !== id || this.#runtime !== runtime) return;
    this.#loadedAt = Date.now();
    this._events = opened.events;
    this._sessionReadOnly = opened.readOnly;
    const active = runtime.activeRun(id);
    this.#currentRunId = active?.runId ?? null;
    this._running = active !== null;
  }

  async #refreshSessions(): Promise<void> {
    const store = this.#store;
    if (!store) return;
    const sessions = await store.listSessions(this.#loadedKey);
    if (store === this.#store) this._sessions = sessions;
  }

  /** Renders the streamed tokens that arrived since the last render, once per frame. */
  readonly #tokensRender = new OncePerFrame(() => this.requestUpdate('_events'));

  readonly #onRuntimeEvent = (event: AgentEvent): void => {
    this.#dispatch<AgentEvent>('agent-event', event);
    if (event.type === 'run.started' && event.runId) {
      this.#dispatch<AgentRunDetail>('agent-run-start', { runId: event.runId, status: 'running' });
    }
    const terminal = TERMINAL[event.type];
    if (terminal && event.runId)
      this.#dispatch<AgentRunDetail>('agent-run-end', { runId: event.runId, status: terminal });
    if (event.type === 'run.failed' && !this.debug) {
      console.warn(
        `<chart-agent-panel>: the run failed (${event.code}${event.cause ? `, ${event.cause}` : ''}): ${truncate(event.message, ERROR_DETAIL_LENGTH)} Add the debug attribute to show details in the panel.`,
      );
    }

    if (event.sessionId !== this._sessionId) return;
    const last = this._events[this._events.length - 1];
    if (last && event.seq <= last.seq) {
      // A chat another tab holds: that tab was reloaded mid-run, and its log goes on from what it stored.
      // What this view followed past that is replaced (a new array: the transcript is folded again).
      if (!this._sessionReadOnly) return;
      const keep = this._events.findLastIndex((e) => e.seq < event.seq) + 1;
      if (isSameEvent(this._events[keep], event)) return;
      this._events = this._events.slice(0, keep);
    }
    this._events.push(event);
    // Streamed text renders at most once per frame: the tokens of a burst (a whole answer read in
    // one task) cost one render, not one each. Any other event renders now, the tokens before it too.
    if (
      event.type === 'assistant.text.delta' ||
      event.type === 'assistant.reasoning.delta' ||
      event.type === 'assistant.text.checkpoint'
    )
      this.#tokensRender.request();
    else {
      this.#tokensRender.cancel();
      this.requestUpdate('_events');
    }
    if (event.type === 'tool.question.required' || event.type === 'tool.approval.required')
      this.#focus.cardAdded(event.callId);
    if (event.type === 'run.retrying') {
      this._now = Date.now();
      this._retrying = {
        code: event.code,
        until: this._now + event.delayMs,
        seconds: Math.ceil(event.delayMs / 1000),
        attempt: event.attempt,
      };
    } else if (this._retrying) this._retrying = null;
    if (event.type === 'run.started') {
      this.#currentRunId = event.runId ?? null;
      this._running = true;
      this.#refreshToolLabels();
    } else if (terminal && event.runId === this.#currentRunId) {
      this.#currentRunId = null;
      this._running = false;
    }
  };

  #transcript(): TranscriptItem[] {
    const events = this._events;
    if (this.#itemsFor !== events || this.#itemsLength > events.length) {
      this.#reducer = new TranscriptReducer(); // another session's log, or a replaced one
      this.#itemsFor = events;
      this.#itemsLength = 0;
    }
    while (this.#itemsLength < events.length) this.#reducer.push(events[this.#itemsLength++]);
    return this.#reducer.items();
  }

  #strings(): PanelStrings {
    return panelStrings(this.#i18n.tag);
  }

  // ---- actions --------------------------------------------------------------------------------

  /** Whether a message can be sent now. */
  get canSend(): boolean {
    return (
      this._connected &&
      !this._running &&
      !this._sessionReadOnly &&
      this._sessionId !== '' &&
      this.#runtime !== null &&
      this.#opening === 0
    );
  }

  /**
   * Sends `text` (default: the input's text) with the context chips that were not removed.
   * Resolves with the run's status, or `null` when nothing was sent.
   */
  async send(text = this._input, context: readonly ContextItem[] = this.#activeChips()): Promise<RunStatus | null> {
    const message = text.trim();
    if (!message || !this.canSend) return null;
    const items = context.map(({ kind, label, text: itemText }) => ({ kind, label, text: itemText }));
    return this.#startRun(
      (runtime, sessionId) => runtime.run(sessionId, { text: message, context: items, readOnly: this.readOnly }),
      (sessionId) => {
        this._input = '';
        this.#removedChips.set(new Set());
        void this.#nameSession(sessionId, message);
      },
    );
  }

  /** Runs `start` as the session's next run (rebuilding the runtime first when attributes changed). */
  async #startRun(
    start: (runtime: AgentRuntime, sessionId: string) => Promise<RunStatus>,
    before: (sessionId: string) => void = () => undefined,
  ): Promise<RunStatus | null> {
    if (!this.canSend) return null;
    if (this.#configChanged()) {
      this.#buildRuntime();
      await this.#openSession(this._sessionId);
      if (!this.canSend) return null;
    }
    const runtime = this.#runtime;
    if (!runtime) return null;
    const sessionId = this._sessionId;
    before(sessionId);
    this._running = true;
    this.#stick = true;
    let status: RunStatus | null = null;
    try {
      status = await start(runtime, sessionId);
    } catch (error) {
      // Only a session another tab owns makes run() throw (retry() is called only after a message).
      if (this._sessionId === sessionId) {
        this._sessionReadOnly = true;
        this._notice = error instanceof Error ? error.message : String(error);
      }
    } finally {
      if (this._sessionId === sessionId && this.#runtime === runtime) {
        const active = runtime.activeRun(sessionId);
        this.#currentRunId = active?.runId ?? null;
        this._running = active !== null;
      }
    }
    // The chat list shows the chat as just updated by the time the caller hears the status.
    await this.#refreshSessions().catch(() => undefined);
    return status;
  }

  /** Puts the caret in the message input (a page's "Skip to assistant" link calls this). */
  override focus(options?: FocusOptions): void {
    const input = this.renderRoot?.querySelector<HTMLTextAreaElement>('textarea.input');
    if (input) input.focus(options);
    else
      void this.updateComplete.then(() =>
        this.renderRoot.querySelector<HTMLTextAreaElement>('textarea.input')?.focus(options),
      );
  }

  /** Stops the run in progress (keeps the partial answer). */
  stop(): void {
    if (this._sessionId) this.#runtime?.cancel(this._sessionId);
  }

  /** Starts a new chat (reuses the current one when it is still empty). */
  async newSession(): Promise<void> {
    const store = this.#store;
    if (!store || !this.#runtime) return;
    if (this._events.length === 0 && this._sessionId && !this._sessionReadOnly) {
      this.#focusInput();
      return;
    }
    const info = await store.createSession(this.#strings().newSession, this.#loadedKey);
    await this.#refreshSessions();
    await this.#openSession(info.id);
    this.#focusInput();
  }

  /** Opens another stored chat. */
  async switchSession(id: string): Promise<void> {
    if (id === this._sessionId) return;
    await this.#openSession(id);
  }

  /** Deletes the current chat and opens the most recent other one (or a new one). */
  async deleteSession(): Promise<void> {
    const store = this.#store;
    const runtime = this.#runtime;
    const id = this._sessionId;
    if (!store || !runtime || !id) return;
    runtime.cancel(id);
    runtime.closeSession(id);
    await store.deleteSession(id);
    this._sessionId = '';
    await this.#loadSessions(this.#life);
  }

  /** A chat still called "New chat" is named after its first message. */
  async #nameSession(sessionId: string, message: string): Promise<void> {
    const session = this._sessions.find((s) => s.id === sessionId);
    const store = this.#store;
    if (!session || !store || !isDefaultSessionTitle(session.title)) return;
    if (this._events.some((e) => e.type === 'user.message')) return;
    // The title is stored outside the event log, so it must be redacted here like the events are.
    const oneLine = (
      redact(message, [...(this.apiKey ? [this.apiKey] : []), ...(this.secrets ?? [])], {
        patterns: this.redactPatterns ?? [],
      }) as string
    )
      .replace(/\s+/g, ' ')
      .trim();
    const title = oneLine.length > TITLE_LENGTH ? `${oneLine.slice(0, TITLE_LENGTH - 1)}…` : oneLine;
    try {
      await store.renameSession(sessionId, title);
      await this.#refreshSessions();
    } catch {
      // A title is cosmetic; the conversation itself is stored by the runtime.
    }
  }

  /** The chips of the current context minus the removed ones (read fresh: `send` takes the latest context). */
  #activeChips(): ContextChip[] {
    const removed = this.#removedChips.get();
    return this.#chips().filter((chip) => !removed.has(chip.key));
  }

  /** The chip row as a signal of its template, for `watchSignal()`: only the chips re-render when the context changes. */
  #chipsTemplate(locale: string): Signal.Computed<unknown> {
    if (this.#chipsView?.locale !== locale) {
      const strings = this.#strings().chips;
      const onRemove = (chip: ContextChip) => this.#removedChips.set(new Set([...this.#removedChips.get(), chip.key]));
      // A new value only when a chip's key, label or tooltip changed: a pan changes neither.
      const shown = new Signal.Computed(() => this.#activeChips(), { equals: sameChipsShown });
      this.#chipsView = { locale, view: new Signal.Computed(() => renderContextChips(shown.get(), onRemove, strings)) };
    }
    return this.#chipsView.view;
  }

  #chips(): ContextChip[] {
    // Read first, also for several charts: every new connection sets it, so the chips follow a chart taken out
    // of the set (and stop reading its signals: they would hold the removed chart).
    const context = this.#context.get();
    const contexts = (this.#port as { contexts?: () => (ChartContext | null)[] } | null)?.contexts?.();
    if (contexts && contexts.length > 1) {
      // One set of chips per chart, labelled with the chart's id.
      return contexts.flatMap((context) =>
        context
          ? buildContextChips(context, this.#strings().chipLabels).map((chip) => ({
              ...chip,
              key: `${context.chartId}:${chip.key}`,
              label: `${context.chartId}: ${chip.label}`,
            }))
          : [],
      );
    }
    return buildContextChips(context, this.#strings().chipLabels);
  }

  /** Runs the last user turn again; the question is not repeated in the chat. */
  #retry(): void {
    if (!this.#transcript().some((item) => item.kind === 'user')) return;
    void this.#startRun((runtime, sessionId) => runtime.retry(sessionId, { readOnly: this.readOnly }));
  }

  #focusInput(): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLTextAreaElement>('textarea.input')?.focus());
  }

  #copy(item: AssistantTranscriptItem): void {
    void navigator.clipboard?.writeText(item.text).then(
      () => {
        this._copiedId = item.id;
        if (this.#copyTimer) clearTimeout(this.#copyTimer);
        this.#copyTimer = setTimeout(() => {
          this._copiedId = '';
        }, 1500);
      },
      () => undefined,
    );
  }

  #onDeleteClick = (): void => {
    if (!this._confirmDelete) {
      this._confirmDelete = true;
      this.#deleteTimer = setTimeout(() => {
        this._confirmDelete = false;
      }, 3000);
      return;
    }
    if (this.#deleteTimer) clearTimeout(this.#deleteTimer);
    this._confirmDelete = false;
    void this.deleteSession();
  };

  #onInputKeyDown = (e: KeyboardEvent): void => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.keyCode !== 229) {
      e.preventDefault();
      void this.send();
    }
  };

  /** Where the panel itself last scrolled to (the bottom), to tell a user's scroll from growth. */
  #autoScrollTop = 0;

  #scrollToEnd(el: HTMLElement): void {
    el.scrollTop = el.scrollHeight;
    this.#autoScrollTop = el.scrollTop;
  }

  /**
   * Not at the bottom because the answer grew since the last follow (it follows once per frame) is
   * not the user scrolling away: only a position above where the panel put it, away from the end.
   */
  #leftByUser(el: HTMLElement): boolean {
    return el.scrollHeight - el.scrollTop - el.clientHeight >= 32 && el.scrollTop < this.#autoScrollTop - 1;
  }

  /**
   * Follows the end unless the reader has scrolled up, read from the position itself: a render that
   * comes before the browser's scroll event (a click, a chat update) must not send them back down.
   */
  #follow(el: HTMLElement): void {
    // The empty state reads from its title down: following "the end" would cut the title off where it overflows.
    if (el.querySelector('.empty')) {
      el.scrollTop = 0;
      this.#autoScrollTop = 0;
      return;
    }
    if (!this.#leftByUser(el)) {
      this.#scrollToEnd(el);
      return;
    }
    this.#stick = false;
    if (this._atBottom) this._atBottom = false;
  }

  #onScroll = (e: Event): void => {
    const el = e.currentTarget as HTMLElement;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 32) this.#stick = true;
    else if (this.#leftByUser(el)) this.#stick = false;
    if (this._atBottom !== this.#stick) this._atBottom = this.#stick;
  };

  #jumpToLatest = (): void => {
    this.#stick = true;
    this._atBottom = true;
    const el = this.renderRoot.querySelector<HTMLElement>('.messages');
    if (el) this.#scrollToEnd(el);
  };

  /** Call ids of the undecided approval cards of run `runId`, in order. */
  #pendingApprovals(runId: string | undefined): string[] {
    this.#transcript();
    return this.#reducer.pendingApprovals(runId);
  }

  /**
   * `item` with the chart's own change set when the session did not store it (too large) and the chart
   * still remembers the run (the panel was reloaded, not the page): it can still be undone.
   */
  #heldChanges(item: RunChangesTranscriptItem): RunChangesTranscriptItem {
    if (item.changesStored !== false || !item.runId || Object.keys(item.changes.slices).length > 0) return item;
    let held: ReturnType<NonNullable<ChartAgentPort['runChanges']>> = null;
    try {
      held = this.#port?.runChanges?.(item.runId) ?? null;
    } catch {
      held = null;
    }
    return held ? { ...item, changes: held.changes } : item;
  }

  /** "Undo run" / "Redo run": the chart reverts the run as one step, the session records it. */
  async #revertRun(item: RunChangesTranscriptItem): Promise<void> {
    const port = this.#port;
    const runtime = this.#runtime;
    const sessionId = this._sessionId;
    if (!port?.revertRun || !runtime || !item.runId || this._reverting) return;
    const direction = item.reverted ? 'redo' : 'undo';
    this._reverting = item.runId;
    try {
      const result = await port.revertRun(item.runId, direction, item.changes);
      await runtime.recordRunRevert(sessionId, item.runId, direction, result);
    } finally {
      this._reverting = '';
    }
  }

  #onAnswer = (e: CustomEvent<QuestionAnswerDetail>): void => {
    e.stopPropagation();
    this.#runtime?.answerQuestion(e.detail.callId, e.detail.answer);
    // The answered card keeps no control: focus goes back to where the user writes.
    this.#focus.toNext();
  };

  #stopTicker(): void {
    if (this.#ticker) clearInterval(this.#ticker);
    this.#ticker = null;
  }

  #dispatch<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }

  // ---- rendering ------------------------------------------------------------------------------

  override render(): TemplateResult {
    // The locale tag is resolved once per render: every row and the strings use this one.
    const lang = this.#i18n.tag;
    // The panel's words are laid out in their own language's direction, whatever the page's
    // (components/i18n/locale-direction.ts); what users and models write carries dir="auto".
    const dir = localeDirection(lang);
    const s = panelStrings(lang);
    const items = this.#transcript();
    const empty = items.length === 0;
    const canSend = this.canSend && this._input.trim() !== '';
    // One top box, an atomic inline one: a page's underline around the panel stops at it (README, embedding).
    return html`<div class="frame">
      <div class="header" lang=${lang} dir=${dir}>
        <span class="status-dot" ?data-connected=${this._connected} role="img"
          aria-label=${this._connected ? watchSignal(this.#connectedLabel(s, lang)) : s.disconnected}
          title=${this._connected ? watchSignal(this.#symbol) : s.disconnected}></span>
        ${guard(
          // The picker renders again only when the chats, the chosen one, the words or the day changed.
          [this._sessions, this._sessionId, lang, localeRevision(), new Date().toDateString()],
          () =>
            renderSessionList(
              // A chat never named shows "New chat" in the current language, not in the one it was created in.
              this._sessions.map((session) =>
                isDefaultSessionTitle(session.title) ? { ...session, title: '' } : session,
              ),
              this._sessionId,
              (id) => void this.switchSession(id),
              s.sessions,
              (ms) => formatSessionTime(ms, lang),
            ),
        )}
        <div class="header-actions">
          <button part="read-only-toggle" class="icon-button" type="button" aria-pressed=${this.readOnly ? 'true' : 'false'}
            title=${s.readOnlyHint} @click=${() => {
              this.readOnly = !this.readOnly;
            }}>
            ${lockIcon}<span class="toggle-text">${s.readOnly}</span>
          </button>
          <button part="new-session" class="icon-button" type="button" aria-label=${s.newSession} title=${s.newSession}
            ?disabled=${!this.#runtime} @click=${() => void this.newSession()}>${plusIcon}</button>
          <button part="delete-session" class="icon-button ${this._confirmDelete ? 'danger-armed' : ''}" type="button"
            aria-label=${this._confirmDelete ? s.confirmDelete : s.deleteSession} title=${this._confirmDelete ? s.confirmDelete : s.deleteSession}
            ?disabled=${!this._sessionId} @click=${this.#onDeleteClick}>${trashIcon}</button>
        </div>
      </div>
      <div class="notices" lang=${lang} dir=${dir}>${this.#renderNotices(s)}</div>
      <div class="messages-wrap" lang=${lang} dir=${dir}>
        <div part="messages" class="messages" role="log" aria-label=${s.transcript} aria-live="polite" aria-atomic="false" aria-relevant="additions" @scroll=${this.#onScroll}
          @question-answer=${this.#onAnswer}>
          <div class="messages-inner">
            ${
              empty
                ? this.#renderEmpty(s)
                : repeat(
                    this.#blockGroups(items, lang),
                    (group) => group.key,
                    (group) =>
                      guard([group], () =>
                        repeat(
                          group.blocks,
                          (block) => block.key,
                          (block) =>
                            guard(
                              [block],
                              () =>
                                html`<div class="rows">${repeat(
                                  block.items,
                                  (item) => item.id,
                                  (item, i) =>
                                    guard([item, block.states[i], block.shared], () =>
                                      this.#renderItem(item, item === items[items.length - 1], s),
                                    ),
                                )}</div>`,
                            ),
                        ),
                      ),
                  )
            }
            ${
              this._running && this._retrying
                ? this.#renderRetryStatus(this._retrying, s)
                : this._running && !this.#isStreaming(items) && !this.#reducer.waitingForUser()
                  ? // Inside the log, it is read as the log's addition: no live region of its own (nested ones are read twice or not at all).
                    html`<div class="thinking"><span class="spinner" aria-hidden="true"></span>${s.thinking}</div>`
                  : nothing
            }
          </div>
        </div>
        ${!this._atBottom && !empty ? html`<button class="jump" type="button" @click=${this.#jumpToLatest}>↓ ${s.jumpToLatest}</button>` : nothing}
      </div>
      <div class="composer" lang=${lang} dir=${dir}>
        ${this._connecting && !this._connected ? pendingContextChips : watchSignal(this.#chipsTemplate(lang))}
        <div class="input-row">
          <textarea part="input" class="input" rows="1" dir="auto" aria-label=${s.inputLabel} placeholder=${s.inputPlaceholder}
            .value=${this._input} ?disabled=${this._sessionReadOnly}
            @input=${(e: Event) => {
              this._input = (e.target as HTMLTextAreaElement).value;
            }}
            @keydown=${this.#onInputKeyDown}></textarea>
          ${
            // A chat another tab holds shows its run live here, but only that tab can stop it.
            this._running && !this._sessionReadOnly
              ? html`<button part="stop" class="stop" type="button" aria-label=${s.stop} title=${s.stop} @click=${() => this.stop()}>${stopIcon}</button>`
              : html`<button part="send" class="send" type="button" aria-label=${s.send} title=${s.send} ?disabled=${!canSend}
                @click=${() => void this.send()}>${sendIcon}</button>`
          }
        </div>
        ${this.readOnly ? html`<div class="composer-hint"><span class="read-only-badge">${lockIcon} ${s.readOnlyHint}</span></div>` : nothing}
      </div></div>`;
  }

  #renderNotices(s: PanelStrings): TemplateResult | typeof nothing {
    const notices: TemplateResult[] = [];
    if (!this._connected && !this._connecting) {
      notices.push(
        html`<div part="notice" class="notice-bar" role="status" data-notice="disconnected"><strong>${s.disconnected}</strong>${s.disconnectedHint}</div>`,
      );
    }
    if (this._sessionReadOnly) {
      notices.push(
        html`<div part="notice" class="notice-bar" role="status" data-notice="session-read-only">${s.sessionReadOnly}</div>`,
      );
    } else if (this._notice) {
      notices.push(html`<div part="notice" class="notice-bar" role="status" data-notice="other">${this._notice}</div>`);
    }
    if (this._storageProblem)
      notices.push(renderStorageNotice(this._storageProblem.kind, storageNoticeText(this._storageProblem, s.storage)));
    return notices.length ? html`${notices}` : nothing;
  }

  #renderEmpty(s: PanelStrings): TemplateResult {
    return html`
      <div class="empty">
        <div class="empty-title">${s.emptyTitle}</div>
        <div class="empty-hint">${s.emptyHint}</div>
        <div class="examples">
          ${s.examples.map(
            (example) =>
              html`<button class="example" type="button" @click=${() => {
                this._input = example;
                this.#focusInput();
              }}>${example}</button>`,
          )}
        </div>
      </div>`;
  }

  #renderItem(item: TranscriptItem, isLast: boolean, s: PanelStrings): TemplateResult {
    rowRenders.set(this, (rowRenders.get(this) ?? 0) + 1);
    switch (item.kind) {
      case 'user':
        // The speaker label is read, not shown: a screen reader tells the turns apart.
        return html`<div class="message user" data-item=${item.id}><span class="visually-hidden speaker">${s.you}</span><div class="user-text" dir="auto">${item.text}</div>${
          item.context.length
            ? html`<div class="sent-chips">${item.context.map((c) => html`<span class="sent-chip" data-model-text title=${c.text}>${c.label}</span>`)}</div>`
            : nothing
        }</div>`;
      case 'assistant':
        return html`
          <div class="message assistant ${item.streaming ? 'streaming' : ''}" data-item=${item.id}
            aria-busy=${
              // Busy while the text grows: a screen reader reads the finished answer once, whole, not
              // the first tokens of a node the log already announced.
              item.streaming ? 'true' : nothing
            }><span class="visually-hidden speaker">${s.assistant}</span>
            ${item.reasoning ? html`<details part="reasoning" class="reasoning"><summary>${s.reasoning}</summary><div class="reasoning-text" dir="auto">${item.reasoning}</div></details>` : nothing}
            <div class="markdown">${guard([item.text, item.streaming], () => renderMarkdown(item.text, { streaming: item.streaming }))}</div>
            ${item.cut ? html`<div part="cut-note" class="cut-note">${s.cutOff}</div>` : nothing}
            ${
              item.streaming
                ? nothing
                : html`<div class="message-actions">
              <button part="copy" class="icon-button" type="button" aria-label=${s.copy} title=${s.copy} @click=${() => this.#copy(item)}>
                ${copyIcon}<span class="toggle-text">${this._copiedId === item.id ? s.copied : ''}</span>
              </button></div>`
            }
          </div>`;
      case 'tool':
        return renderToolCard(item, {
          // Until the chart lists its tools (a chunk, after the handshake) a stored card keeps the title it had.
          label:
            toolLabel(this.#i18n.tag, item.name)?.label ??
            this.#toolLabels.get(item.name) ??
            s.runtimeTools[item.name] ??
            item.label ??
            item.name,
          errorText: (error) => toolErrorForPeople(this.#i18n.tag, error),
          now: this._now,
          strings: s.tool,
        });
      case 'question':
        return html`<chart-agent-question-card .item=${item} .strings=${s.question} ?disabled=${this._sessionReadOnly}></chart-agent-question-card>`;
      case 'approval': {
        const pending = this.#pendingApprovals(item.runId);
        const label = toolLabel(this.#i18n.tag, item.name)?.label ?? item.label;
        return renderApprovalCard(
          { ...item, label, summary: approvalText(item, label, s, this.#i18n.tag) },
          {
            strings: s.approval,
            pendingInRun: pending.length,
            lastPending: pending.at(-1) === item.callId,
            disabled: this._sessionReadOnly,
            decide: (callId, approved, always) => this.#runtime?.answerApproval(callId, approved, always),
            decideAll: (runId, approved) => {
              for (const callId of this.#pendingApprovals(runId)) this.#runtime?.answerApproval(callId, approved);
            },
          },
        );
      }
      case 'changes': {
        const held = this.#heldChanges(item);
        // The change set and reasons are data: worded here, in the reader's language.
        const tag = this.#i18n.tag;
        const words = { summary: runSummaryText(held, s, tag), conflicts: runConflictText(held, s, tag) };
        return renderRunChanges(
          { ...held, ...words },
          {
            strings: s.runChanges,
            busy: this._reverting === held.runId,
            disabled: this._sessionReadOnly || !this.#port?.revertRun,
            revert: (changes) => void this.#revertRun(changes),
          },
        );
      }
      case 'error':
        return this.#renderError(item, isLast, s);
      case 'notice':
        // Read as the log's addition, like any turn: a status region inside the log would nest one live region in another.
        return html`<div class="notice" data-notice=${item.notice}>${item.notice === 'cancelled' ? s.cancelled : s.interrupted}</div>`;
    }
  }

  /**
   * The wait before a retry, inside the log: no live region of its own (a status nested in the log is read
   * twice, or on every change of the countdown). The log reads it once as an addition, by its hidden text
   * ("Retrying in 5 s"); the countdown that ticks on screen is hidden from assistive technology. Each
   * attempt is a new element (keyed), so a second wait is an addition read once too.
   */
  #renderRetryStatus(retrying: NonNullable<ChartAgentPanel['_retrying']>, s: PanelStrings): TemplateResult {
    const say = retrying.code === 'PROVIDER_RATE_LIMIT' ? s.rateLimitedRetrying : s.retryingIn;
    const left = Math.max(0, Math.ceil((retrying.until - this._now) / 1000));
    return html`${keyed(
      retrying.attempt,
      html`<div part="retry-status" class="thinking retry-status" data-code=${retrying.code}><span class="spinner" aria-hidden="true"></span><span aria-hidden="true">${say(left)}</span><span class="visually-hidden">${say(retrying.seconds)}</span></div>`,
    )}`;
  }

  #renderError(item: RunErrorTranscriptItem, isLast: boolean, s: PanelStrings): TemplateResult {
    // Visitors get plain words; the technical message and the fix are for the developer (`debug`).
    const visitor = (item.cause && s.causes[item.cause]) || s.visitorErrors[item.code] || s.errorTitle;
    const explanation = item.cause ? s.debugCauses[item.cause] : s.errors[item.code];
    return html`
      <div part="error" class="error" role=${
        // An error of a run seen here is news: an alert, read once even when the reader is elsewhere.
        // One read back with its chat is history, read as the log's content like the rest.
        item.at >= this.#loadedAt ? 'alert' : nothing
      } data-code=${item.code} data-cause=${item.cause ?? nothing}>
        <div class="error-body">
        <div class="error-title">${s.errorTitle}${this.debug ? html`<span class="error-code" translate="no">${item.code}</span>` : nothing}</div>
        <div class="error-text">${visitor}${item.retryAfterMs ? ` ${s.retryAfter(Math.ceil(item.retryAfterMs / 1000))}` : ''}</div>
        ${this.debug && explanation ? html`<div class="markdown">${renderMarkdown(explanation)}</div>` : nothing}
        ${
          !this.debug
            ? nothing
            : this.#i18n.tag === 'en' && !explanation
              ? html`<div class="error-detail">${truncate(item.message, ERROR_DETAIL_LENGTH)}</div>`
              : // Folded under a heading: after an explanation it mostly repeats it, and it is English
                // (the server's own words) in a panel of another language.
                html`<details class="error-raw"><summary>${s.rawMessage}</summary><div class="error-detail" data-model-text lang="en" translate="no">${truncate(item.message, ERROR_DETAIL_LENGTH)}</div></details>`
        }
        </div>
        ${
          isLast && !this._running && item.code !== 'RUN_ACTIVE'
            ? html`<div class="error-actions"><button part="retry" class="button" type="button" ?disabled=${!this.canSend}
              @click=${() => this.#retry()}>${s.retry}</button></div>`
            : nothing
        }
      </div>`;
  }

  #isStreaming(items: readonly TranscriptItem[]): boolean {
    const last = items[items.length - 1];
    return last?.kind === 'assistant' && last.streaming;
  }

  /** Toolbar labels changed (another chart connected): every tool card renders again. */
  #labelsVersion = 0;

  /** What {@link #blockGroups} returned last time: its blocks are reused while their rows did not change. */
  #groups: readonly BlockGroup[] = [];
  /** How many rows those groups hold, and the outside state they were made in (see {@link #blockGroups}). */
  #groupsRows = 0;
  #groupsOutside = '';

  /**
   * The rows in blocks of {@link BLOCK_ROWS}, the blocks in groups of {@link GROUP_BLOCKS}. A block
   * keeps its object (and a group its object) while its rows are the same objects showing the same
   * outside state (copied, the running clock, pending approvals, the retry button) and what every
   * row shows (locale, read-only, debug) did not change; Lit's `guard` then skips an unchanged group
   * or block with one identity check, and within a changed block every unchanged row. Rows before
   * the first one the reducer added or replaced are not even compared while nothing waits (no
   * running tool, open question or approval) and the copied and undo states are the same: a
   * streamed token costs the last block's rows and one step per group, not per row of the chat.
   */
  #blockGroups(items: readonly TranscriptItem[], lang: string): readonly BlockGroup[] {
    // The locale revision too: a translation chunk arriving after the first render (or
    // registerLocale) changes the words without changing the tag.
    const shared = `${lang}|${localeRevision()}|${this._sessionReadOnly}|${this.debug}|${Boolean(this.#port?.revertRun)}|${this.#labelsVersion}`;
    const last = items[items.length - 1];
    const previous = this.#groups;
    const firstChanged = this.#reducer.takeFirstChanged();
    const outside = `${shared}|${this._copiedId}|${this._reverting}`;
    const quiet =
      outside === this.#groupsOutside && this.#reducer.runningTools() === 0 && !this.#reducer.waitingForUser();
    // Unchanged up to here (the last row before and now shows the retry button or not: never skipped).
    const settled = quiet ? Math.min(firstChanged, this.#groupsRows - 1, items.length - 1) : 0;
    const groups: BlockGroup[] = [];
    const groupRows = BLOCK_ROWS * GROUP_BLOCKS;
    for (let g = 0, start = 0; start < items.length; g++, start += groupRows) {
      const before = previous[g] as BlockGroup | undefined;
      if (before && start + groupRows <= settled) {
        groups.push(before);
        continue;
      }
      const count = Math.min(GROUP_BLOCKS, Math.ceil((items.length - start) / BLOCK_ROWS));
      let blocks: RowBlock[] | null = null;
      for (let b = 0; b < count; b++) {
        const kept = before?.blocks[b];
        const from = start + b * BLOCK_ROWS;
        const block = kept && from + BLOCK_ROWS <= settled ? kept : this.#block(items, from, shared, last, kept);
        if (!blocks && block !== kept) blocks = before ? before.blocks.slice(0, b) : [];
        blocks?.push(block);
      }
      if (!blocks && before && before.blocks.length !== count) blocks = before.blocks.slice(0, count);
      groups.push(blocks || !before ? { key: start, blocks: blocks ?? [] } : before);
    }
    this.#groups = groups;
    this.#groupsRows = items.length;
    this.#groupsOutside = outside;
    return groups;
  }

  /** The block of rows from `start`: `kept` when it still holds the same rows in the same state. */
  #block(
    items: readonly TranscriptItem[],
    start: number,
    shared: string,
    last: TranscriptItem | undefined,
    kept: RowBlock | undefined,
  ): RowBlock {
    const end = Math.min(start + BLOCK_ROWS, items.length);
    if (kept && kept.key === start && kept.shared === shared && kept.items.length === end - start) {
      let i = start;
      while (
        i < end &&
        items[i] === kept.items[i - start] &&
        this.#rowState(items[i], items[i] === last) === kept.states[i - start]
      )
        i++;
      if (i === end) return kept;
    }
    const rows = items.slice(start, end);
    return { key: start, items: rows, states: rows.map((item) => this.#rowState(item, item === last)), shared };
  }

  /** The state outside a row that its template shows. */
  #rowState(item: TranscriptItem, isLast: boolean): unknown {
    switch (item.kind) {
      case 'assistant':
        return this._copiedId === item.id;
      case 'tool':
        return item.status === 'running' ? this._now : 0;
      case 'approval': {
        if (item.decision) return '';
        const pending = this.#reducer.pendingApprovals(item.runId);
        return `${pending.length}|${pending.at(-1) === item.callId}`;
      }
      case 'changes':
        return this._reverting === item.runId;
      case 'error':
        // The retry button: shown on the last row when idle, enabled when a message can be sent.
        return isLast ? `${this._running}|${this.canSend}` : '';
      default:
        return 0;
    }
  }
}

/** What a port's `closed` reaction calls; cut when the panel lets the port go. */
interface PortLink {
  onClosed: (() => void) | null;
}

/** Outside the class, so the reaction's closure holds the link and nothing of the panel's scope. */
function whenClosed(port: ChartAgentPort, link: PortLink): void {
  void port.closed.then(() => link.onClosed?.());
}

const rowRenders = new WeakMap<ChartAgentPanel, number>();

/**
 * How many conversation rows `panel` has rendered (built a template for) since it was created:
 * for tests and benchmarks of the render cost (a streamed token should render one block of rows).
 */
export function panelRowRenders(panel: ChartAgentPanel): number {
  return rowRenders.get(panel) ?? 0;
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** The session picker's formatters per locale (making one costs far more than formatting with it). */
const sessionTimeFormats = new Map<string, { readonly time: Intl.DateTimeFormat; readonly day: Intl.DateTimeFormat }>();

/** A chat's time in the panel's locale: `14:05` today (24-hour, no AM/PM), else `12月1日` / `Dec 1`. */
function formatSessionTime(ms: number, locale: string): string {
  let formats = sessionTimeFormats.get(locale);
  if (!formats) {
    formats = {
      // The options of `toLocaleTimeString` / `toLocaleDateString`, which make a formatter per call.
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      day: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }),
    };
    sessionTimeFormats.set(locale, formats);
  }
  const date = new Date(ms);
  return date.toDateString() === new Date().toDateString() ? formats.time.format(date) : formats.day.format(date);
}

const icon = (path: ReturnType<typeof svg>) =>
  html`<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${path}</svg>`;
const plusIcon = icon(svg`<path d="M12 5v14M5 12h14"/>`);
const trashIcon = icon(svg`<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"/>`);
const lockIcon = icon(svg`<rect x="5" y="11" width="14" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/>`);
const copyIcon = icon(svg`<rect x="9" y="9" width="11" height="11" rx="2"/><path d="M5 15V5a1 1 0 0 1 1-1h10"/>`);
const sendIcon = icon(svg`<path d="M12 19V5M5 12l7-7 7 7"/>`);
const stopIcon = html`<svg viewBox="0 0 24 24" aria-hidden="true"><rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor"/></svg>`;

declare global {
  interface HTMLElementTagNameMap {
    'chart-agent-panel': ChartAgentPanel;
  }
  interface HTMLElementEventMap {
    'agent-event': CustomEvent<AgentEvent>;
    'agent-run-start': CustomEvent<AgentRunDetail>;
    'agent-run-end': CustomEvent<AgentRunDetail>;
    'agent-connection-change': CustomEvent<AgentConnectionDetail>;
  }
}

function visionMode(value: unknown): 'auto' | 'on' | 'off' {
  return value === 'on' || value === 'off' ? value : 'auto';
}
