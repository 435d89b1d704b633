import { AgentRuntime, createMemorySessionStore } from '../../src/agent/index.js';
import { ChartCore } from '../../src/core/commands/chart-core.js';
import { createAgentPort } from '../../src/core/commands/create-agent-port.js';
import type { AgentEvent } from '../../src/protocol/index.js';
import type { EvalCase } from './eval-cases.js';

/** The outcome of one case: pass or the reason it failed, and the tokens it used. */
export interface EvalResult {
  readonly id: string;
  readonly passed: boolean;
  readonly reason: string | null;
  readonly tokens: number;
  readonly toolCalls: number;
  readonly ms: number;
}

/** Where the model is. */
export interface EvalEndpoint {
  readonly baseURL: string;
  readonly model?: string;
  readonly apiKey?: string;
  /** Called with the chart before the run, to script a mock model. */
  readonly before?: (core: ChartCore) => Promise<void> | void;
}

/**
 * Runs one case on a fresh DOM-free chart (sample DEMO daily) through the real agent runtime and
 * port, answers `ask_user` with the case's choice, and grades the chart's state afterwards.
 */
export async function runEvalCase(evalCase: EvalCase, endpoint: EvalEndpoint): Promise<EvalResult> {
  const started = Date.now();
  const core = new ChartCore({ chartId: 'eval' });
  await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
  await evalCase.setup?.(core);
  await endpoint.before?.(core);
  const store = createMemorySessionStore();
  const runtime = new AgentRuntime({
    baseURL: endpoint.baseURL,
    store,
    retry: { baseDelayMs: 200 },
    ...(endpoint.model ? { model: endpoint.model } : {}),
    ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}),
  });
  const open = createAgentPort(core);
  runtime.setPort(open.port);
  const events: AgentEvent[] = [];
  runtime.subscribe((event) => {
    events.push(event);
    if (event.type === 'tool.question.required') {
      const choice = event.options.find((o) => evalCase.answer?.test(o.label)) ?? event.options[0];
      queueMicrotask(() =>
        runtime.answerQuestion(event.callId, { status: 'answered', selected: choice ? [choice.label] : [] }),
      );
    }
  });
  const session = await store.createSession('eval');
  let failure: string | null = null;
  for (const prompt of evalCase.prompts) {
    const status = await runtime.run(session.id, { text: prompt });
    if (status !== 'completed') {
      const failed = events.findLast((e) => e.type === 'run.failed');
      failure = `run ${status}${failed && failed.type === 'run.failed' ? `: ${failed.message}` : ''}`;
      break;
    }
  }
  await core.syncToTarget();
  const answers = events.filter(
    (e): e is Extract<AgentEvent, { type: 'assistant.message.completed' }> => e.type === 'assistant.message.completed',
  );
  const reason = failure ?? evalCase.grade({ core, events, answer: answers.at(-1)?.text ?? '' });
  open.close();
  core.dispose();
  const tokens = events.reduce((sum, e) => sum + (e.type === 'run.completed' ? (e.usage?.totalTokens ?? 0) : 0), 0);
  return {
    id: evalCase.id,
    passed: reason === null,
    reason,
    tokens,
    toolCalls: events.filter((e) => e.type === 'tool.started').length,
    ms: Date.now() - started,
  };
}
