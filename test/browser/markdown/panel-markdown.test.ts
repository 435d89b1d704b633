import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import type { MockStep } from '../../mock-model/mock-step.js';
import { waitFor } from '../helpers/chart-fixture.js';
import {
  chartAndPanel,
  deleteDatabase,
  messagesText,
  nextRunEnd,
  startMockModel,
  typeAndSend,
  unmountAll,
} from '../panel/panel-fixture.js';
import { scriptMock } from '../helpers/mock-model-client.js';
import { depthUnder, tagsUnder } from './dom-shape.js';

// The panel renders model answers streamed by this file's own mock model.
let mockUrl = '';
let mockRoot = '';
const SESSIONS_DB = 'kline-agent-sessions';

function script(steps: MockStep[]): Promise<void> {
  return scriptMock(mockRoot, steps);
}

/** Sends `prompt`, waits for the run to complete, and returns the last answer's Markdown element. */
async function ask(panel: ChartAgentPanel, prompt: string): Promise<HTMLElement> {
  const ended = nextRunEnd(panel);
  await typeAndSend(panel, prompt);
  expect((await ended).status).to.equal('completed');
  await panel.updateComplete;
  const answers = panel.shadowRoot!.querySelectorAll<HTMLElement>('.message.assistant .markdown');
  return answers[answers.length - 1];
}

function memoryPanel() {
  return chartAndPanel(
    html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory" style="width:420px;height:600px"></chart-agent-panel>`,
  );
}

const GFM_ANSWER = [
  '### Levels',
  '',
  '| level | price |',
  '|:------|------:|',
  '| support | 101.5 |',
  '| resistance | 108.2 |',
  '',
  '```python',
  'for bar in bars:',
  '    print(bar.close < 100)',
  '```',
  '',
  '- trend',
  '  - higher highs',
  '  - higher lows',
  '- volume',
  '',
  '> Not financial advice.',
].join('\n');

const HOSTILE_ANSWER = [
  'Look <img src=x onerror="window.__pwned=1"> and <script>window.__pwned=2</script>',
  '',
  '<iframe src="javascript:window.__pwned=3"></iframe>',
  '',
  '[click](javascript:window.__pwned=4) [a](javascript:alert(1)) [data](data:text/html,<script>window.__pwned=5</script>)',
  '![pixel](javascript:window.__pwned=6) <javascript:window.__pwned=7> [docs](https://example.com/docs)',
].join('\n');

describe('<chart-agent-panel> renders model Markdown', function () {
  this.timeout(90000);

  before(async () => {
    ({ url: mockUrl, root: mockRoot } = await startMockModel());
  });
  afterEach(unmountAll);

  it('GFM table, fenced code, nested list and quote render as their elements', async () => {
    const { panel } = await memoryPanel();
    await script([{ text: GFM_ANSWER }]);
    const md = await ask(panel, 'Levels?');
    expect(md.querySelector('h4')!.textContent).to.equal('Levels');
    expect([...md.querySelectorAll('table > thead > tr > th')].map((th) => th.textContent)).to.deep.equal([
      'level',
      'price',
    ]);
    expect(
      [...md.querySelectorAll('table > tbody > tr')].map((tr) => [...tr.children].map((td) => td.textContent)),
    ).to.deep.equal([
      ['support', '101.5'],
      ['resistance', '108.2'],
    ]);
    expect(md.querySelector('tbody td:last-child')!.className).to.equal('align-right');
    const code = md.querySelector('pre > code')!;
    expect(code.className).to.equal('language-python');
    expect(code.textContent).to.equal('for bar in bars:\n    print(bar.close < 100)');
    expect([...md.querySelectorAll(':scope > ul > li > ul > li')].map((li) => li.textContent.trim())).to.deep.equal([
      'higher highs',
      'higher lows',
    ]);
    expect(md.querySelectorAll(':scope > ul > li').length).to.equal(2);
    expect(md.querySelector(':scope > blockquote > p')!.textContent).to.equal('Not financial advice.');
  });

  it('hostile answers create no elements beyond the expected ones and never run', async () => {
    delete (window as { __pwned?: unknown }).__pwned;
    const { panel } = await memoryPanel();
    await script([{ text: HOSTILE_ANSWER }]);
    const md = await ask(panel, '<img src=y onerror="window.__pwned=8">');
    await new Promise((r) => setTimeout(r, 100)); // no event for "no handler ran": let an injected onerror fire first
    const root = panel.shadowRoot!;
    expect(root.querySelector('img, script, iframe, object, embed, svg image')).to.equal(null);
    expect(tagsUnder(md)).to.deep.equal(['a', 'br', 'p']);
    expect([...md.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal([
      'https://example.com/docs',
    ]);
    for (const literal of [
      '<img src=x onerror="window.__pwned=1">',
      '<script>window.__pwned=2</script>',
      '[click](javascript:window.__pwned=4)',
      '[a](javascript:alert(1))',
      '[data](data:text/html,<script>window.__pwned=5</script>)',
      '![pixel](javascript:window.__pwned=6)',
    ]) {
      expect(md.textContent).to.contain(literal);
    }
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined);
  });

  it('a look-alike link shows the real host beside its text', async () => {
    const { panel } = await memoryPanel();
    await script([
      { text: 'Log in at [paypal.com](https://xn--pypal-4ve.com/login) or see [the docs](https://docs.example).' },
    ]);
    const md = await ask(panel, 'Where do I log in?');
    const link = md.querySelector('a')!;
    expect(link.textContent).to.equal('paypal.com');
    expect(link.getAttribute('href')).to.equal('https://xn--pypal-4ve.com/login');
    expect(link.nextElementSibling!.className).to.equal('link-host');
    expect(link.nextElementSibling!.textContent).to.equal('↗ xn--pypal-4ve.com');
    expect(md.querySelectorAll('.link-host').length).to.equal(1);
  });

  it("an answer of '- ' × 5000 renders, and the next answer still renders", async () => {
    const { panel } = await memoryPanel();
    await script([{ text: `${'- '.repeat(5000)}deep` }]);
    const first = await ask(panel, 'Nest');
    expect(first.textContent).to.contain('deep');
    expect(depthUnder(first)).to.be.at.most(24);
    await script([{ text: 'Next answer is **fine**.' }]);
    const second = await ask(panel, 'Again');
    expect(second.querySelector('strong')!.textContent).to.equal('fine');
  });

  it('broken messages stored in IndexedDB do not break a reload', async () => {
    await deleteDatabase(SESSIONS_DB);
    const { wrapper, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="indexeddb" style="width:420px;height:600px"></chart-agent-panel>`,
    );
    const broken = [
      `${'- '.repeat(5000)}list end`,
      `${'> '.repeat(5000)}quote end`,
      `${'_a'.repeat(2000)} underscore end`,
      `${'['.repeat(3000)} bracket end`,
    ];
    for (const text of broken) {
      await script([{ text }]);
      await ask(panel, 'Break it');
    }
    panel.remove();

    const again = document.createElement('chart-agent-panel');
    again.setAttribute('for', 'c1');
    again.setAttribute('base-url', mockUrl);
    again.setAttribute('session-store', 'indexeddb');
    again.style.cssText = 'width:420px;height:600px';
    wrapper.append(again);
    await waitFor(() => messagesText(again).includes('bracket end'), 'replayed answers');
    const replayed = messagesText(again);
    for (const end of ['list end', 'quote end', 'underscore end']) expect(replayed).to.contain(end);
    await waitFor(() => again.canSend, 'writable again');
    await script([{ text: 'After the reload: **still fine**.' }]);
    const next = await ask(again, 'Still there?');
    expect(next.querySelector('strong')!.textContent).to.equal('still fine');
  });
});
