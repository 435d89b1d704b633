import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMockModel, type MockModelServer } from '../../mock-model/index.js';
import { EVAL_CASES } from '../../eval/eval-cases.js';
import { runEvalCase } from '../../eval/run-eval-case.js';

let mock: MockModelServer | null = null;
after(async () => {
  await mock?.close();
});

test('there are ten canonical requests', () => {
  assert.equal(EVAL_CASES.length, 10);
});

for (const evalCase of EVAL_CASES) {
  test(`eval "${evalCase.id}": a model that does it right passes the grader; one that only talks fails it`, async () => {
    mock ??= await startMockModel();
    const right = await runEvalCase(evalCase, {
      baseURL: mock.url,
      before: (core) => {
        mock!.reset();
        mock!.script(evalCase.mock(core));
      },
    });
    assert.equal(right.reason, null);
    assert.equal(right.passed, true);
    const idle = await runEvalCase(evalCase, {
      baseURL: mock.url,
      before: () => {
        mock!.reset();
        mock!.script(evalCase.prompts.map(() => ({ text: 'Sure, done!' })));
      },
    });
    assert.equal(idle.passed, false, `the grader of "${evalCase.id}" must fail a model that changes nothing`);
  });
}
