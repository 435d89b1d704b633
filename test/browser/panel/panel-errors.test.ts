import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { executeServerCommand } from '@web/test-runner-commands';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, nextRunEnd, part, typeAndSend, unmountAll } from './panel-fixture.js';

// A request that fails for a reason the site can fix names that reason: in plain words for
// visitors, with technical details under `debug`, in a card that never outgrows the panel.
interface Servers {
  htmlUrl: string;
  noCorsUrl: string;
  refusedUrl: string;
}
let servers: Servers;

async function failWith(baseUrl: string): Promise<{ panel: ChartAgentPanel; card: HTMLElement }> {
  const { panel } = await chartAndPanel(
    html`<chart-agent-panel for="c1" base-url=${baseUrl} session-store="memory" style="width:320px;height:520px"></chart-agent-panel>`,
  );
  const ended = nextRunEnd(panel);
  await typeAndSend(panel, 'Hello');
  expect((await ended).status).to.equal('failed');
  await panel.updateComplete;
  return { panel, card: part(panel, 'error')! };
}

/** The card is bounded and its text scrolls; Retry stays in view below it; the panel keeps its size. */
function expectBounded(panel: ChartAgentPanel, card: HTMLElement): void {
  expect(card.getBoundingClientRect().height, 'card height').to.be.at.most(300);
  expect(panel.getBoundingClientRect().height, 'panel height').to.equal(520);
  const body = card.querySelector<HTMLElement>('.error-body')!;
  expect(getComputedStyle(body).overflowY).to.equal('auto');
  const retry = part(panel, 'retry');
  if (!retry) return;
  retry.scrollIntoView({ block: 'nearest' });
  const r = retry.getBoundingClientRect();
  const hit = panel.shadowRoot!.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  expect(hit, 'Retry is what a click there hits, not hidden in the scrolled text').to.equal(retry);
  const bodyBox = body.getBoundingClientRect();
  expect(r.top, 'Retry below the text').to.be.at.least(bodyBox.bottom - 1);
}

describe('<chart-agent-panel> failure messages', function () {
  this.timeout(60000);

  before(async () => {
    await import('openai');
    servers = await executeServerCommand<Servers, undefined>('error-servers');
  });
  afterEach(unmountAll);

  it('an HTML 404 page: "answered with a web page", never the page itself', async () => {
    const { panel, card } = await failWith(servers.htmlUrl);
    expect(card.dataset.cause).to.equal('web-page');
    expect(card.textContent).to.contain('the address answered with a web page, not the assistant API');
    expect(card.textContent, 'no technical detail for visitors').not.to.contain('HTTP 404');
    expect(card.textContent).not.to.contain('Oops');
    expectBounded(panel, card);

    panel.debug = true;
    await panel.updateComplete;
    const raw = card.querySelector<HTMLDetailsElement>('details.error-raw');
    expect(raw, "after the explanation, the server's words are folded under a heading").to.not.equal(null);
    expect(raw!.open).to.equal(false);
    const detail = card.querySelector('.error-detail')!.textContent;
    expect(detail).to.contain(`${servers.htmlUrl}/chat/completions answered with a web page (HTTP 404, text/html)`);
    expect(detail).to.contain('Oops! That page can’t be found.');
    expect(detail).not.to.contain(
      'Recent posts Hello world! Recent posts Hello world! Recent posts Hello world! Recent posts Hello world! Recent posts Hello world!',
    );
    expect(card.textContent.length, 'the page is not in the card').to.be.below(1500);
    expect(card.querySelector('h1, h2, ul, script, style'), 'no element of the page').to.equal(null);
    expect((window as { __html404Script?: boolean }).__html404Script).to.equal(undefined);
    expectBounded(panel, card);
    const counts = (await (await fetch(`${servers.htmlUrl.replace(/\/v1$/, '')}/__counts`)).json()) as { html: number };
    expect(counts.html, 'not retried').to.equal(1);
  });

  it('another origin without CORS: "Could not reach the assistant service", and with debug the CORS explanation', async () => {
    const { panel, card } = await failWith(servers.noCorsUrl);
    expect(card.dataset.cause).to.equal('cross-origin');
    expect(card.textContent).to.contain('Could not reach the assistant service');
    expect(card.textContent).not.to.contain('CORS');
    expect(card.textContent).not.to.contain('Failed to fetch');
    panel.debug = true;
    await panel.updateComplete;
    expect(card.querySelector('.error-detail')!.textContent).to.contain(
      `The relay at ${servers.noCorsUrl}/chat/completions is on another origin and did not allow this page (${location.origin}) (CORS)`,
    );
    expect(card.textContent).to.contain('RELAY_ALLOWED_ORIGINS');
    expect(card.querySelector('.error-code')!.textContent).to.equal('PROVIDER_UNAVAILABLE');
    expectBounded(panel, card);
  });

  it('connection refused: "Could not reach the assistant service", and with debug "not running"', async () => {
    const { panel, card } = await failWith(servers.refusedUrl);
    expect(card.dataset.cause).to.equal('unreachable');
    expect(card.textContent).to.contain('Could not reach the assistant service');
    panel.debug = true;
    await panel.updateComplete;
    expect(card.querySelector('.error-detail')!.textContent).to.contain(
      `Nothing answered at ${servers.refusedUrl}/chat/completions: the relay is not running, or the address is wrong`,
    );
    expectBounded(panel, card);
  });

  it('no relay on this site (the default /v1 answers 404): says so, in Chinese too', async () => {
    const { panel, card } = await failWith('/v1');
    // The test server answers /v1/chat/completions with a plain-text 404.
    expect(card.dataset.cause).to.equal('no-relay');
    expect(card.textContent).to.contain('The assistant service is not running on this site.');
    panel.locale = 'zh-CN';
    await panel.updateComplete;
    await waitFor(() => (card.textContent ?? '').includes('此网站没有运行助手服务'), 'Chinese text');
    panel.debug = true;
    await panel.updateComplete;
    expect(card.textContent).to.contain('反向代理');
    expectBounded(panel, card);
  });
});
