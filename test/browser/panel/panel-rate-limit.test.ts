import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, messagesText, nextRunEnd, part, typeAndSend, unmountAll } from './panel-fixture.js';
import { scriptMock } from '../helpers/mock-model-client.js';

// A rate-limited request: the panel says it is waiting and for how long, then the answer comes;
// when the runtime gives up, the error says how long to wait.
let mockUrl = '';
let mockRoot = '';

const limited = (seconds: string) => ({
  status: 429,
  headers: { 'retry-after': seconds },
  errorBody: { error: { message: 'slow down', type: 'rate_limit' } },
});

describe('<chart-agent-panel> rate limited', function () {
  this.timeout(60000);

  before(async () => {
    await import('openai');
    mockUrl = String(await executeServerCommand('mock-model-url'));
    mockRoot = mockUrl.replace(/\/v1$/, '');
  });
  afterEach(unmountAll);

  it('shows "Rate limited — retrying in N s" while waiting, then the answer', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory" style="width:380px;height:560px"></chart-agent-panel>`,
    );
    await scriptMock(mockRoot, [limited('3'), { text: 'Finally here.' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello');
    await waitFor(() => part(panel, 'retry-status') !== null, 'the retry status line');
    expect(part(panel, 'retry-status')!.textContent).to.match(/Rate limited — retrying in [23] s/);
    expect(part(panel, 'retry-status')!.dataset.code).to.equal('PROVIDER_RATE_LIMIT');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    expect(part(panel, 'retry-status'), 'gone once the answer came').to.equal(null);
    expect(messagesText(panel)).to.contain('Finally here.');
  });

  it('localized (zh-CN)', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" locale="zh-CN" base-url=${mockUrl} session-store="memory" style="width:380px;height:560px"></chart-agent-panel>`,
    );
    await scriptMock(mockRoot, [limited('2'), { text: 'ok' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello');
    await waitFor(() => part(panel, 'retry-status') !== null, 'the retry status line');
    expect(part(panel, 'retry-status')!.textContent).to.contain('限流');
    await ended;
  });

  it('when the retries run out, the error says how long to wait', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory" style="width:380px;height:560px"></chart-agent-panel>`,
    );
    await scriptMock(mockRoot, [limited('1'), limited('1'), limited('1')]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello');
    expect((await ended).status).to.equal('failed');
    await panel.updateComplete;
    const error = part(panel, 'error')!;
    expect(error.dataset.cause).to.equal('rate-limited');
    expect(error.textContent).to.contain('Try again in 1 s');
    expect(part(panel, 'retry-status')).to.equal(null);
  });
});
