import type { RunFailureCause, RunFailureCode } from '../../src/protocol/index.js';
import type { ContextChipLabels, ContextChipsStrings } from '../agent-parts/context-chips/index.js';
import type { QuestionCardStrings } from '../agent-parts/question-card/index.js';
import type { SessionListStrings } from '../agent-parts/session-list/index.js';
import type { ToolCardStrings } from '../agent-parts/tool-card/index.js';
import type { ApprovalCardStrings } from '../agent-parts/approval-card/index.js';
import type { RunChangesStrings } from '../agent-parts/run-changes/index.js';

/** Locales the panel speaks. */
export type PanelLocale = 'en' | 'zh-CN';

/** Every word the panel shows. Error explanations are Markdown (rendered safely). */
export interface PanelStrings {
  readonly title: string;
  readonly newSession: string;
  readonly deleteSession: string;
  readonly confirmDelete: string;
  readonly readOnly: string;
  readonly readOnlyHint: string;
  readonly inputPlaceholder: string;
  readonly inputLabel: string;
  readonly send: string;
  readonly stop: string;
  readonly retry: string;
  readonly copy: string;
  readonly copied: string;
  readonly you: string;
  readonly assistant: string;
  readonly emptyTitle: string;
  readonly emptyHint: string;
  readonly examples: readonly string[];
  readonly disconnected: string;
  readonly disconnectedHint: string;
  readonly sessionReadOnly: string;
  readonly cancelled: string;
  readonly interrupted: string;
  readonly thinking: string;
  /** Summary of the collapsed disclosure that holds a reasoning model's thinking. */
  readonly reasoning: string;
  readonly readOnlyRun: string;
  readonly jumpToLatest: string;
  /** For the site's developer (shown with `debug`): what to check or configure. */
  readonly errors: Readonly<Record<RunFailureCode, string>>;
  /** For visitors (always shown): what happened, in plain words. */
  readonly visitorErrors: Readonly<Record<RunFailureCode, string>>;
  /** For visitors: the likely cause of a provider failure, when known (preferred over `visitorErrors`). */
  readonly causes: Readonly<Record<RunFailureCause, string>>;
  /** For the site's developer (shown with `debug`): how to fix that cause (Markdown). */
  readonly debugCauses: Readonly<Record<RunFailureCause, string>>;
  readonly errorTitle: string;
  readonly tool: ToolCardStrings;
  readonly question: QuestionCardStrings;
  readonly chips: ContextChipsStrings;
  readonly chipLabels: ContextChipLabels;
  readonly sessions: SessionListStrings;
  /** Tool labels of the runtime's own tools (the chart's tools bring their own). */
  readonly runtimeTools: Readonly<Record<string, string>>;
  readonly approval: ApprovalCardStrings;
  readonly runChanges: RunChangesStrings;
  /** Notices about saving conversations (IndexedDB failed, was deleted, or held unreadable records). */
  readonly storage: PanelStorageStrings;
}

/** Notices shown when conversations cannot be saved or read back. */
export interface PanelStorageStrings {
  /** A write failed after retries: this conversation is kept in the page only. */
  readonly writeFailed: string;
  /** IndexedDB could not be opened: every conversation lives in the page only. */
  readonly unavailable: string;
  /** The database was deleted or closed while open. */
  readonly closed: string;
  /** Stored records that could not be read were skipped. */
  readonly invalidRecords: (count: number) => string;
}

const en: PanelStrings = {
  title: 'Chart agent',
  newSession: 'New chat',
  deleteSession: 'Delete chat',
  confirmDelete: 'Click again to delete',
  readOnly: 'Read-only',
  readOnlyHint: 'Read-only: the agent may look at the chart but not change it',
  inputPlaceholder: 'Ask about the chart, or tell it what to do…',
  inputLabel: 'Message',
  send: 'Send',
  stop: 'Stop',
  retry: 'Retry',
  copy: 'Copy',
  copied: 'Copied',
  you: 'You',
  assistant: 'Agent',
  emptyTitle: 'What should we look at?',
  emptyHint: 'The agent sees the chart and can change it with the same commands as the toolbar. Try:',
  examples: [
    'Switch to the weekly chart',
    'Add MACD and RSI below the price',
    'Summarize the last 20 bars',
    'Compare this with ACME',
  ],
  disconnected: 'No chart connected',
  disconnectedHint:
    'Add a <kline-chart> to the page (or fix this panel\'s "for" attribute). The panel reconnects by itself.',
  sessionReadOnly: 'This chat is open in another tab, so it is read-only here. Continue it there, or start a new chat.',
  cancelled: 'Stopped',
  interrupted: 'Interrupted: the page was closed or reloaded during this run.',
  thinking: 'Thinking…',
  reasoning: 'Thinking',
  readOnlyRun: 'read-only',
  jumpToLatest: 'Jump to latest',
  errorTitle: 'The run failed',
  errors: {
    MODEL_NOT_CONFIGURED:
      'No model is configured. Stop the server and start it again with a model, e.g. ' +
      '`OPENAI_API_KEY=sk-… OPENAI_MODEL=gpt-4o-mini npm start`. For another OpenAI-compatible server ' +
      '(Ollama, LM Studio, vLLM…) also set `OPENAI_BASE_URL`, e.g. `OPENAI_BASE_URL=http://localhost:11434/v1 OPENAI_MODEL=llama3.1 npm start`.',
    PROVIDER_AUTH:
      "The model provider refused the API key. Check `OPENAI_API_KEY` where the relay runs (or the panel's `api-key` attribute, if you set one) and that `OPENAI_BASE_URL` points at the provider the key belongs to.",
    PROVIDER_RATE_LIMIT: 'The model provider is rate limiting requests. Wait a moment, then retry.',
    PROVIDER_UNAVAILABLE:
      'The model provider could not be reached or is unavailable. Check the base URL and the model name, then retry.',
    PROVIDER_BAD_RESPONSE: 'The model returned a response the agent could not use. Retry, or try another model.',
    TOOL_LOOP_LIMIT:
      'The agent used too many tool steps without finishing. Ask a narrower question, or raise `max-steps`.',
    DEADLINE_EXCEEDED: 'Nothing happened for too long, so the run was stopped. Retry when the model is responsive.',
    RUN_ACTIVE: 'A run is already in progress in this chat. Wait for it to finish or stop it.',
    DISCONNECTED: 'No chart is connected, so the agent can neither see nor change one.',
  },
  visitorErrors: {
    MODEL_NOT_CONFIGURED: 'The assistant is not set up yet.',
    PROVIDER_AUTH: 'The assistant service is not available right now.',
    PROVIDER_RATE_LIMIT: 'The assistant is busy. Wait a moment, then retry.',
    PROVIDER_UNAVAILABLE: 'The assistant service is not available right now. Try again in a moment.',
    PROVIDER_BAD_RESPONSE: 'The assistant sent an answer that could not be used. Try again.',
    TOOL_LOOP_LIMIT: 'The assistant took too many steps without finishing. Try a narrower question.',
    DEADLINE_EXCEEDED: 'Nothing happened for too long, so the run was stopped. Try again.',
    RUN_ACTIVE: 'A run is already in progress in this chat. Wait for it to finish or stop it.',
    DISCONNECTED: 'No chart is connected, so the assistant can neither see nor change one.',
  },
  causes: {
    'cross-origin': 'Could not reach the assistant service. Please try again later.',
    unreachable: 'Could not reach the assistant service. Please try again later.',
    network: 'Could not reach the assistant service. Check your connection and try again.',
    'web-page':
      'The assistant is not set up correctly on this page: the address answered with a web page, not the assistant API.',
    'not-found': 'The assistant service was not found at its address.',
    'no-relay': 'The assistant service is not running on this site.',
    overloaded: 'The assistant is busy right now. Please try again in a moment.',
    'rate-limited': 'Too many requests for the assistant right now. Please wait a moment and try again.',
    'context-too-long': 'This chat has become too long for the assistant. Start a new chat.',
    'content-filtered': 'The assistant’s provider declined this request. Try rephrasing it.',
    auth: 'The assistant is not set up correctly on this site (its access was refused).',
    'model-not-found': 'The assistant is not set up correctly on this site (its model was not found).',
  },
  debugCauses: {
    'cross-origin':
      "The relay is on another origin and did not allow this page (CORS), or is not running. Let the relay allow this page's origin (`RELAY_ALLOWED_ORIGINS`), or serve it from this site (proxy `/v1` to it) and leave `base-url` at `/v1`.",
    unreachable:
      'Nothing answered at `base-url`: the relay is not running, or the address is wrong. Start it (`npm start`) and check `base-url`.',
    network:
      'The request got no response (offline, blocked by an extension, or mixed content: an `https` page calling an `http` address). Check `base-url` and the browser console.',
    'web-page':
      "The `base-url` answered with a web page (an HTML 404 or the site's own page), not the assistant API. Point `base-url` at the relay, or proxy `/v1` on this site to it.",
    'not-found': 'The model endpoint answered HTTP 404. Check `base-url` (it ends in `/v1`) and the model name.',
    'no-relay':
      'Nothing on this site serves the assistant API at `/v1`. Run the relay (`npm start`), proxy `/v1` to it (see the README), or set `base-url` to where it runs.',
    overloaded:
      'The provider answered that it is overloaded (HTTP 529/503 or an `overloaded` error). Retrying later helps.',
    'rate-limited': 'The provider rate-limited the key (HTTP 429). Wait, raise the limit, or lower traffic.',
    'context-too-long':
      "The request exceeded the model's context window. Start a new chat, lower the history budget, or use a model with a larger context.",
    'content-filtered': "The provider's content filter blocked the request or the answer.",
    auth: 'The model provider refused the API key (HTTP 401/403). Check `OPENAI_API_KEY` on the relay (or the `api-key` attribute) and that `OPENAI_BASE_URL` points at the service the key belongs to.',
    'model-not-found':
      "The provider does not know the model. Check the panel's `model` attribute or the relay's `OPENAI_MODEL` / `RELAY_MODELS`.",
  },
  tool: {
    running: 'Running',
    succeeded: 'Done',
    failed: 'Failed',
    input: 'Input',
    result: 'Result',
    noInput: '(no input)',
  },
  question: {
    submit: 'Submit',
    skip: 'Skip',
    notePlaceholder: 'Add a note (optional)',
    chooseOne: 'Choose one',
    chooseAny: 'Choose one or more',
    answered: 'Answered',
    notAnswered: 'Not answered',
  },
  chips: { attached: 'Context attached to the next message', remove: (label) => `Leave out ${label}` },
  chipLabels: {
    bars: (n) => `${n} bar${n === 1 ? '' : 's'}`,
    drawings: (n) => `${n} drawing${n === 1 ? '' : 's'}`,
  },
  sessions: { label: 'Chats', untitled: 'New chat' },
  runtimeTools: { ask_user: 'Ask you', web_search: 'Web search' },
  approval: {
    title: 'The assistant wants to change the chart',
    approve: 'Approve',
    deny: 'Deny',
    approveAll: (n) => `Approve all ${n}`,
    denyAll: 'Deny all',
    always: (label) => `Always allow “${label}” in this chat`,
    approved: 'Approved',
    denied: 'Denied',
    expired: 'Not decided',
    alwaysNote: 'allowed for this chat',
  },
  runChanges: {
    title: 'Changed:',
    undoRun: 'Undo run',
    redoRun: 'Redo run',
    undone: 'Undone:',
    blocked: 'Can’t undo, because:',
  },
  storage: {
    writeFailed:
      'This conversation could not be saved; it stays in this page. Copy anything you need before closing or reloading it.',
    unavailable:
      'Saved chats are not available in this browser (storage is blocked or not responding). Conversations stay in this page until it is closed.',
    closed: 'The saved-chats storage was deleted or closed. This conversation stays in this page until it is closed.',
    invalidRecords: (n) =>
      `${n} saved record${n === 1 ? '' : 's'} of this conversation could not be read and ${n === 1 ? 'was' : 'were'} skipped (kept aside, not deleted).`,
  },
};

const zhCN: PanelStrings = {
  title: '图表助手',
  newSession: '新对话',
  deleteSession: '删除对话',
  confirmDelete: '再次点击以删除',
  readOnly: '只读',
  readOnlyHint: '只读：助手可以查看图表，但不能修改',
  inputPlaceholder: '询问图表，或让它执行操作…',
  inputLabel: '消息',
  send: '发送',
  stop: '停止',
  retry: '重试',
  copy: '复制',
  copied: '已复制',
  you: '你',
  assistant: '助手',
  emptyTitle: '想看些什么？',
  emptyHint: '助手能看到图表，并使用与工具栏相同的命令修改它。试试：',
  examples: ['切换到周线', '在价格下方添加 MACD 和 RSI', '总结最近 20 根K线', '与 ACME 对比'],
  disconnected: '未连接图表',
  disconnectedHint: '请在页面中添加 <kline-chart>（或检查本面板的 "for" 属性）。面板会自动重新连接。',
  sessionReadOnly: '此对话已在另一个标签页中打开，因此这里为只读。请在那边继续，或新建对话。',
  cancelled: '已停止',
  interrupted: '已中断：运行期间页面被关闭或刷新。',
  thinking: '思考中…',
  reasoning: '思考过程',
  readOnlyRun: '只读',
  jumpToLatest: '跳到最新',
  errorTitle: '运行失败',
  errors: {
    MODEL_NOT_CONFIGURED:
      '尚未配置模型。请停止服务器，并带上模型配置重新启动，例如 `OPENAI_API_KEY=sk-… OPENAI_MODEL=gpt-4o-mini npm start`。' +
      '使用其他兼容 OpenAI 的服务（Ollama、LM Studio、vLLM…）时还需设置 `OPENAI_BASE_URL`，例如 `OPENAI_BASE_URL=http://localhost:11434/v1 OPENAI_MODEL=llama3.1 npm start`。',
    PROVIDER_AUTH:
      '模型服务拒绝了 API 密钥。请检查中继所在环境的 `OPENAI_API_KEY`（或面板的 `api-key` 属性），并确认 `OPENAI_BASE_URL` 指向该密钥所属的服务。',
    PROVIDER_RATE_LIMIT: '模型服务正在限流。请稍候再重试。',
    PROVIDER_UNAVAILABLE: '无法连接模型服务或服务不可用。请检查地址和模型名称后重试。',
    PROVIDER_BAD_RESPONSE: '模型返回了无法使用的响应。请重试，或换一个模型。',
    TOOL_LOOP_LIMIT: '助手调用工具的轮数过多仍未完成。请缩小问题范围，或调大 `max-steps`。',
    DEADLINE_EXCEEDED: '长时间没有进展，运行已停止。请在模型恢复响应后重试。',
    RUN_ACTIVE: '此对话已有运行中的任务。请等待其结束或先停止。',
    DISCONNECTED: '未连接图表，助手既无法查看也无法修改图表。',
  },
  visitorErrors: {
    MODEL_NOT_CONFIGURED: '助手尚未配置。',
    PROVIDER_AUTH: '助手服务暂时不可用。',
    PROVIDER_RATE_LIMIT: '助手正忙。请稍候再重试。',
    PROVIDER_UNAVAILABLE: '助手服务暂时不可用。请稍后重试。',
    PROVIDER_BAD_RESPONSE: '助手返回的回答无法使用。请重试。',
    TOOL_LOOP_LIMIT: '助手执行的步骤过多仍未完成。请把问题问得更具体些。',
    DEADLINE_EXCEEDED: '长时间没有进展，运行已停止。请重试。',
    RUN_ACTIVE: '此对话已有运行中的任务。请等待其结束或先停止。',
    DISCONNECTED: '未连接图表，助手既无法查看也无法修改图表。',
  },
  causes: {
    'cross-origin': '无法连接助手服务。请稍后再试。',
    unreachable: '无法连接助手服务。请稍后再试。',
    network: '无法连接助手服务。请检查网络连接后重试。',
    'web-page': '此页面上的助手配置有误：该地址返回的是网页，而不是助手接口。',
    'not-found': '在配置的地址上找不到助手服务。',
    'no-relay': '此网站没有运行助手服务。',
    overloaded: '助手当前繁忙，请稍后再试。',
    'rate-limited': '当前对助手的请求过多，请稍候再试。',
    'context-too-long': '此对话已超出助手能处理的长度，请新建对话。',
    'content-filtered': '助手的服务商拒绝了此请求，请换一种说法。',
    auth: '此网站上的助手配置有误（访问被拒绝）。',
    'model-not-found': '此网站上的助手配置有误（找不到模型）。',
  },
  debugCauses: {
    'cross-origin':
      '中继位于另一个源，且未允许本页面访问（CORS），或中继未运行。请让中继允许本页面的源（`RELAY_ALLOWED_ORIGINS`），或由本站提供中继（将 `/v1` 反向代理过去）并让 `base-url` 保持 `/v1`。',
    unreachable: '`base-url` 处没有任何响应：中继未运行，或地址有误。请启动中继（`npm start`）并检查 `base-url`。',
    network:
      '请求没有得到响应（离线、被浏览器扩展拦截，或混合内容：`https` 页面请求 `http` 地址）。请检查 `base-url` 和浏览器控制台。',
    'web-page':
      '`base-url` 返回的是网页（HTML 404 或网站自身的页面），而不是助手接口。请把 `base-url` 指向中继，或在本站将 `/v1` 反向代理到中继。',
    'not-found': '模型接口返回 HTTP 404。请检查 `base-url`（以 `/v1` 结尾）和模型名称。',
    'no-relay':
      '本站的 `/v1` 上没有助手接口。请运行中继（`npm start`），将 `/v1` 反向代理到中继（见 README），或把 `base-url` 设为中继地址。',
    overloaded: '服务商表示过载（HTTP 529/503 或 `overloaded` 错误），稍后重试即可。',
    'rate-limited': '服务商对该密钥限流（HTTP 429）。请稍候、提高额度或降低流量。',
    'context-too-long': '请求超出了模型的上下文窗口。请新建对话、降低历史预算，或换用上下文更大的模型。',
    'content-filtered': '服务商的内容过滤拦截了请求或回答。',
    auth: '服务商拒绝了密钥（HTTP 401/403）。请检查中继上的 `OPENAI_API_KEY`（或 `api-key` 属性）以及 base URL。',
    'model-not-found': '服务商不认识该模型。请检查面板的 `model` 属性或中继的 `OPENAI_MODEL` / `RELAY_MODELS`。',
  },
  tool: { running: '运行中', succeeded: '完成', failed: '失败', input: '输入', result: '结果', noInput: '（无输入）' },
  question: {
    submit: '提交',
    skip: '跳过',
    notePlaceholder: '补充说明（可选）',
    chooseOne: '请选择一项',
    chooseAny: '可选择一项或多项',
    answered: '已回答',
    notAnswered: '未回答',
  },
  chips: { attached: '附加到下一条消息的上下文', remove: (label) => `移除 ${label}` },
  chipLabels: { bars: (n) => `${n} 根K线`, drawings: (n) => `${n} 个画线` },
  sessions: { label: '对话', untitled: '新对话' },
  runtimeTools: { ask_user: '向你提问', web_search: '网页搜索' },
  approval: {
    title: '助手想要修改图表',
    approve: '允许',
    deny: '拒绝',
    approveAll: (n) => `全部允许（${n}）`,
    denyAll: '全部拒绝',
    always: (label) => `本次对话中始终允许“${label}”`,
    approved: '已允许',
    denied: '已拒绝',
    expired: '未决定',
    alwaysNote: '本次对话中已允许',
  },
  runChanges: {
    title: '已更改：',
    undoRun: '撤销本轮',
    redoRun: '重做本轮',
    undone: '已撤销：',
    blocked: '无法撤销，原因：',
  },
  storage: {
    writeFailed: '此对话无法保存，仅保留在当前页面中。关闭或刷新页面前请复制需要的内容。',
    unavailable: '此浏览器中无法使用已保存的对话（存储被阻止或无响应）。对话仅保留在当前页面中，直到页面关闭。',
    closed: '保存对话的存储已被删除或关闭。此对话仅保留在当前页面中，直到页面关闭。',
    invalidRecords: (n) => `此对话有 ${n} 条已保存的记录无法读取，已跳过（已另行保留，未删除）。`,
  },
};

/** `zh-CN` for `zh`, `zh-CN`, `zh-Hans…`; `en` for everything else. */
export function resolvePanelLocale(requested: string | null | undefined): PanelLocale {
  const tag = (requested || (typeof navigator !== 'undefined' ? navigator.language : '') || 'en').toLowerCase();
  return tag.startsWith('zh') ? 'zh-CN' : 'en';
}

/** The panel's strings in `locale`. */
export function panelStrings(locale: PanelLocale): PanelStrings {
  return locale === 'zh-CN' ? zhCN : en;
}
