import { expect } from '@open-wc/testing';
import { waitFor } from '../helpers/chart-fixture.js';
import { memoryPanel, messagesText, nextRunEnd, part, typeAndSend, useMockModel } from './panel-fixture.js';
import { scriptMock } from '../helpers/mock-model-client.js';

// A rate-limited request: the panel says it is waiting and for how long, then the answer comes;
// when the runtime gives up, the error says how long to wait.

const limited = (seconds: string) => ({
  status: 429,
  headers: { 'retry-after': seconds },
  errorBody: { error: { message: 'slow down', type: 'rate_limit' } },
});

describe('<chart-agent-panel> rate limited', function () {
  this.timeout(60000);

  const mock = useMockModel();

  it('shows "Rate limited — retrying in N s" while waiting, then the answer', async () => {
    const { panel } = await memoryPanel(mock.url);
    await scriptMock(mock.root, [limited('3'), { text: 'Finally here.' }]);
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
    const { panel } = await memoryPanel(mock.url, { locale: 'zh-CN' });
    await scriptMock(mock.root, [limited('2'), { text: 'ok' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello');
    await waitFor(() => part(panel, 'retry-status') !== null, 'the retry status line');
    expect(part(panel, 'retry-status')!.textContent).to.contain('限流');
    await ended;
  });

  it('when the retries run out, the error says how long to wait', async () => {
    const { panel } = await memoryPanel(mock.url);
    await scriptMock(mock.root, [limited('1'), limited('1'), limited('1')]);
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
