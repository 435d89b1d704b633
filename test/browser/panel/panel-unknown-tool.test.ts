import { expect } from '@open-wc/testing';
import type { MockStep } from '../../mock-model/mock-step.js';
import { memoryPanel, nextRunEnd, part, parts, typeAndSend, useMockModel } from './panel-fixture.js';
import { mockRequests, scriptMock } from '../helpers/mock-model-client.js';

// A model calling a tool that does not exist: a short card per call ("Unknown tool: X", the name as
// text, never markup), and the run stops after the third identical failure with a clear error.

const HOSTILE = '<img src=x onerror="window.__unknownToolXss=1">';

describe('<chart-agent-panel> unknown tool calls', function () {
  this.timeout(60000);

  const mock = useMockModel();

  it('a concise card per call, the name as text, and the run stops after 3 identical failures', async () => {
    const { panel } = await memoryPanel(mock.url, { height: 640 });
    const call: MockStep = { toolCalls: [{ name: HOSTILE, arguments: '{}' }] };
    await scriptMock(mock.root, [call, call, call, call, call, { text: 'never' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Do the thing');
    expect((await ended).status).to.equal('failed');
    await panel.updateComplete;
    expect((await mockRequests(mock.root)).length, 'stopped after the third call').to.equal(3);

    const cards = parts(panel, 'tool-card');
    expect(cards.length).to.equal(3);
    for (const card of cards) {
      expect(card.dataset.status).to.equal('failed');
      expect(card.textContent.replace(/\s+/g, ' ').trim()).to.contain(`Unknown tool: ${HOSTILE}`);
      expect(card.querySelector('img'), 'the name is never markup').to.equal(null);
      expect(card.querySelector('details'), 'no raw input/result dump').to.equal(null);
      expect(card.textContent, 'not the list of available tools').not.to.contain('chart_set_period');
    }
    expect((window as { __unknownToolXss?: number }).__unknownToolXss).to.equal(undefined);

    const error = part(panel, 'error')!;
    expect(error.dataset.code).to.equal('TOOL_LOOP_LIMIT');
    expect(error.dataset.cause).to.equal('repeated-tool-failure');
    expect(error.textContent).to.contain('same tool call');
  });

  it('a call without a name: "Unknown tool: (no name)" (ja localized)', async () => {
    const { panel } = await memoryPanel(mock.url, { locale: 'ja', height: 640 });
    await scriptMock(mock.root, [{ toolCalls: [{ name: '', arguments: '{}' }] }, { text: 'ok' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Go');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    const card = part(panel, 'tool-card')!;
    expect(card.textContent).to.contain('不明なツール');
    expect(card.textContent).to.contain('名前なし');
  });
});
