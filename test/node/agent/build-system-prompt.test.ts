import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildSystemPrompt } from '../../../src/agent/index.js';
import { sampleContext } from './fake-port.js';
import type { ToolDescriptor } from '../../../src/protocol/index.js';

const tools = [{ name: 'chart_get_context' }, { name: 'ask_user' }] as ToolDescriptor[];

test('system prompt: rules, market time with offset, context summary, attached items and tool names', () => {
  const prompt = buildSystemPrompt({
    now: new Date(Date.UTC(2025, 0, 15, 2, 30)),
    context: sampleContext,
    items: [{ kind: 'selected-time-range', label: 'Selection', text: '2024-10-01 → 2024-10-31, 22 bars' }],
    tools,
    locale: 'zh-CN',
  });
  assert.match(prompt, /never describe a change/i);
  assert.match(prompt, /ask_user/);
  assert.match(prompt, /small `limit`/);
  assert.match(prompt, /user's language/);
  assert.match(prompt, /2025-01-15 10:30 UTC\+08:00/);
  assert.match(prompt, /Asia\/Shanghai/);
  assert.match(prompt, /DEMO \(Demo Corp\), exchange DEMOX/);
  assert.match(prompt, /Period: 1d/);
  assert.match(prompt, /ind_ma_1 \(MA period=20, pane main\)/);
  assert.match(prompt, /Visible range: 2024-10-01 08:00 → 2024-12-31 08:00 \(60 bars\)/);
  assert.match(prompt, /2024-10-01 → 2024-10-31, 22 bars/);
  assert.match(prompt, /chart_get_context, ask_user/);
});

test('system prompt without data uses UTC and says nothing is loaded', () => {
  const prompt = buildSystemPrompt({ now: new Date(Date.UTC(2025, 0, 15, 2, 30)), context: null, items: [], tools });
  assert.match(prompt, /2025-01-15 02:30 UTC\+00:00/);
  assert.match(prompt, /No data is loaded/);
});
