import { expect } from '@open-wc/testing';
import type { MockToolCall } from '../../mock-model/mock-step.js';
import { memoryPanel, nextRunEnd, parts, typeAndSend, useMockModel } from '../panel/panel-fixture.js';

// What a model (or a prompt injection steering it) can put in tool calls, through the real panel,
// runtime and chart: prototype keys as tool names and in arguments, broken JSON, huge names and
// values. Every call must end in a tool result the model reads, change nothing it was not asked to,
// and leave the page's objects as they were.

declare global {
  interface Object {
    polluted?: unknown;
  }
}

describe('hostile tool calls from the model', function () {
  this.timeout(60000);
  const mock = useMockModel();

  it('prototype names, prototype keys, broken JSON and huge values end as refusals; the chart and Object.prototype stay', async () => {
    const { chart, panel } = await memoryPanel(mock.url);
    const period = chart.context.get()!.period;
    const calls: MockToolCall[] = [
      { name: 'constructor', arguments: '{}' },
      { name: '__proto__', arguments: '{"polluted":1}' },
      { name: 'toString', arguments: '{}' },
      { name: 'hasOwnProperty', arguments: '{}' },
      { name: 'chart_set_period', arguments: '{"__proto__":{"period":"1w","polluted":1}}' },
      { name: 'chart_set_period', arguments: '{"constructor":{"prototype":{"polluted":1}},"period":"1w"}' },
      { name: 'chart_set_period', arguments: '{"period":' },
      { name: 'chart_set_period', arguments: `{"period":"${'1'.repeat(100000)}w"}` },
      { name: 'chart_set_visible_range', arguments: '{"from":1e308,"to":-1e308}' },
      { name: `x${'y'.repeat(20000)}`, arguments: '{}' },
      { name: 'ask_user', arguments: '{"question":"","options":[]}' },
    ];
    await mock.script([{ toolCalls: calls }, { text: 'done' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'go');
    expect((await ended).status).to.equal('completed');

    expect(chart.context.get()!.period, 'no call changed the period').to.equal(period);
    expect({}.polluted, 'Object.prototype untouched').to.equal(undefined);
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).to.equal(false);

    // The model got one result per call, each a refusal it can read.
    const requests = await mock.requests();
    const results = (requests[1].body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool');
    expect(results.length).to.equal(calls.length);
    for (const [i, result] of results.entries()) {
      const parsed = JSON.parse(result.content) as { success: boolean; error?: { code: string } };
      expect(parsed.success, `${calls[i].name.slice(0, 20)} ${calls[i].arguments.slice(0, 40)}`).to.equal(false);
      expect(parsed.error?.code).to.be.oneOf(['unknown_tool', 'invalid_input', 'out_of_range']);
    }
    // Each chart call shows a card; the huge name is text that stays inside the panel.
    const cards = parts(panel, 'tool-card');
    // A refused ask_user asks nothing: it shows the failed card other refused calls show.
    expect(cards.map((c) => c.dataset.tool)).to.deep.equal(calls.map((c) => c.name));
    expect(cards.every((c) => c.dataset.status === 'failed')).to.equal(true);
    for (const card of cards)
      expect(card.getBoundingClientRect().width).to.be.at.most(panel.getBoundingClientRect().width);
  });
});
