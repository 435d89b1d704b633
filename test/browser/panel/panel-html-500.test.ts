import { expect } from '@open-wc/testing';
import { memoryPanel, nextRunEnd, part, typeAndSend, useMockModel } from './panel-fixture.js';
import { scriptMock } from '../helpers/mock-model-client.js';

// A proxy's HTML error page behind a 500: the panel's message (also the developer's, under debug)
// is a short line with the status and the page's title, never the page.

const PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center>' +
  '<img src=x onerror="window.__html500Xss=1"><hr><center>nginx</center></body></html>';

describe('<chart-agent-panel> HTML error page behind a 5xx', function () {
  this.timeout(60000);

  const mock = useMockModel();

  it('debug shows "HTTP 502: 502 Bad Gateway", no markup; visitors read that the service is unavailable', async () => {
    const { panel } = await memoryPanel(mock.url, { debug: true });
    const step = { status: 502, rawBody: PAGE, headers: { 'content-type': 'text/html', 'retry-after': '0' } };
    await scriptMock(mock.root, [step, step, step]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Hello');
    expect((await ended).status).to.equal('failed');
    await panel.updateComplete;
    const error = part(panel, 'error')!;
    expect(error.dataset.code).to.equal('PROVIDER_UNAVAILABLE');
    expect(error.textContent).to.contain('not available right now');
    const detail = error.querySelector('.error-detail')!.textContent;
    expect(detail).to.contain('HTTP 502: 502 Bad Gateway');
    expect(detail).not.to.match(/[<>]|nginx|onerror/);
    expect(error.querySelector('img, h1, center')).to.equal(null);
    expect((window as { __html500Xss?: number }).__html500Xss).to.equal(undefined);
  });
});
