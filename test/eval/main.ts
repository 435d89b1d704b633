// `npm run eval`: the ten canonical requests against a real OpenAI-compatible endpoint
// (OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_API_KEY), each graded from the chart's state afterwards.
// Skips cleanly when no endpoint is configured. `npm test` runs the same graders against the mock model.
import { EVAL_CASES } from './eval-cases.js';
import { runEvalCase, type EvalResult } from './run-eval-case.js';

const baseURL = process.env.OPENAI_BASE_URL;
if (!baseURL) {
  console.log(
    'eval skipped: set OPENAI_BASE_URL (and OPENAI_MODEL, OPENAI_API_KEY if the endpoint needs them) to run the ten canonical requests against a model.',
  );
  process.exit(0);
}
const only = process.argv[2];
const results: EvalResult[] = [];
for (const evalCase of EVAL_CASES) {
  if (only && !evalCase.id.includes(only)) continue;
  const result = await runEvalCase(evalCase, {
    baseURL,
    ...(process.env.OPENAI_MODEL ? { model: process.env.OPENAI_MODEL } : {}),
    ...(process.env.OPENAI_API_KEY ? { apiKey: process.env.OPENAI_API_KEY } : {}),
  });
  results.push(result);
  console.log(
    `${result.passed ? 'PASS' : 'FAIL'}  ${result.id.padEnd(32)} ${String(result.tokens).padStart(7)} tokens  ${String(result.toolCalls).padStart(2)} calls  ${(result.ms / 1000).toFixed(1)} s${result.reason ? `  — ${result.reason}` : ''}`,
  );
}
const passed = results.filter((r) => r.passed).length;
const tokens = results.reduce((s, r) => s + r.tokens, 0);
console.log(
  `\nmodel ${process.env.OPENAI_MODEL ?? '(relay default)'} at ${baseURL.replace(/\/\/[^@/]*@/, '//')}: ${passed}/${results.length} passed, ${tokens} tokens`,
);
process.exit(passed === results.length ? 0 : 1);
