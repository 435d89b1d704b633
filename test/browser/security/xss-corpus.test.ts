import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { Type } from '@sinclair/typebox';
import { executeServerCommand } from '@web/test-runner-commands';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { defineTool } from '../../../src/core/tools/index.js';
import type { MockStep } from '../../mock-model/mock-step.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, nextRunEnd, part, parts, typeAndSend, unmountAll } from '../panel/panel-fixture.js';
import { BASE_VECTORS, buildPayloads, chunks } from './xss-payloads.js';
import { scriptMock } from '../helpers/mock-model-client.js';

// Every payload travels as text through each channel a model, a data file or a user can fill. None
// may become an element, an attribute that runs script, a script URL, or a CSP violation, and none may
// ever set window.__xss.

declare global {
  interface Window {
    __xss?: unknown;
  }
}

const PAYLOADS = buildPayloads();
/** Tags no channel may ever add (the page's own, present before the test, are left out; a `<form>` is the panel's own, its `action` is checked). */
const DANGEROUS_TAGS = [
  'script',
  'iframe',
  'object',
  'embed',
  'frame',
  'frameset',
  'img',
  'audio',
  'video',
  'source',
  'base',
  'meta',
  'link',
  'math',
  'marquee',
  'noscript',
  'template',
  'body',
  'foreignobject',
];
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background']);

let mockRoot = '';
let mockUrl = '';
const violations: string[] = [];
const onViolation = (e: SecurityPolicyViolationEvent) =>
  violations.push(`${e.violatedDirective}: ${e.sample || e.blockedURI}`);
let preexisting = new Set<Element>();

/** Every element of the document and of every open shadow root inside it. */
function allElements(): Element[] {
  const out: Element[] = [];
  const visit = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      out.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  return out;
}

/** What a payload would have left behind if it had been parsed as markup anywhere. */
function injected(): string[] {
  const found: string[] = [];
  for (const el of allElements()) {
    if (preexisting.has(el)) continue;
    const tag = el.localName;
    if (DANGEROUS_TAGS.includes(tag)) found.push(`<${tag}> ${el.outerHTML.slice(0, 80)}`);
    if (tag === 'svg' && el.querySelector('script, a, foreignObject, text'))
      found.push(`<svg> with active content ${el.outerHTML.slice(0, 80)}`);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (name === 'srcdoc') found.push(`${tag}[srcdoc]`);
      if (URL_ATTRIBUTES.has(name) && /^\s*(javascript|vbscript|data):/i.test(attr.value))
        found.push(`${tag}[${name}=${attr.value.slice(0, 40)}]`);
      if (name === 'style' && /url\s*\(\s*['"]?\s*javascript:/i.test(attr.value))
        found.push(`${tag}[style] with a script URL`);
    }
  }
  return found;
}

async function assertClean(channel: string): Promise<void> {
  // No event for "nothing ran": give error/load handlers of anything injected a chance to fire before looking.
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
  expect(injected(), `${channel}: injected markup`).to.deep.equal([]);
  expect(violations, `${channel}: CSP violations`).to.deep.equal([]);
  expect(window.__xss, `${channel}: a payload ran`).to.equal(undefined);
}

function script(steps: MockStep[]): Promise<void> {
  return scriptMock(mockRoot, steps);
}

function panelFor(): Promise<{ chart: KlineChart; panel: ChartAgentPanel }> {
  return chartAndPanel(
    html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory" style="width:420px;height:600px"></chart-agent-panel>`,
  );
}

/** Text of the panel's transcript, to check that payloads arrived (as text). */
const transcript = (panel: ChartAgentPanel) => part(panel, 'messages')?.textContent ?? '';

describe('XSS corpus: every channel renders payloads as text', function () {
  this.timeout(120000);

  before(async () => {
    await import('openai');
    mockUrl = String(await executeServerCommand('mock-model-url'));
    mockRoot = mockUrl.replace(/\/v1$/, '');
    document.addEventListener('securitypolicyviolation', onViolation);
    // The strict policy the bundle promises to run under: no inline script or handlers, no eval, no
    // plugins or frames. A payload that became markup would be blocked here and reported.
    const csp = document.createElement('meta');
    csp.httpEquiv = 'Content-Security-Policy';
    csp.content = "script-src 'self'; object-src 'none'; frame-src 'none'; base-uri 'none'";
    document.head.append(csp);
    expect(PAYLOADS.length).to.be.at.least(200);
    expect(BASE_VECTORS.length).to.be.at.least(40);
  });
  beforeEach(() => {
    preexisting = new Set(allElements());
    violations.length = 0;
  });
  afterEach(unmountAll);
  after(() => document.removeEventListener('securitypolicyviolation', onViolation));

  it('positive control: the checks see a payload that is parsed as markup', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    try {
      root.innerHTML = PAYLOADS[0].replace(/^#\d+ /, ''); // exactly what no component may do
      // Under the test's CSP the inline handler is blocked and reported; without one it would run.
      await waitFor(() => window.__xss === 1 || violations.length > 0, 'the control payload to run or be blocked');
      expect(injected().length).to.be.at.least(1);
    } finally {
      host.remove();
      delete window.__xss;
      violations.length = 0;
    }
    expect(injected()).to.deep.equal([]);
  });

  it('model text streamed as Markdown, and the user messages that start each session (titles)', async () => {
    const { panel } = await panelFor();
    const groups = chunks(PAYLOADS, 54);
    await script(groups.map((g) => ({ text: g.join('\n\n') })));
    for (const [i, group] of groups.entries()) {
      if (i > 0) {
        const previous = panel.sessionId;
        part<HTMLButtonElement>(panel, 'new-session')!.click();
        await waitFor(() => panel.sessionId !== previous && panel.canSend, 'a new session');
      }
      const ended = nextRunEnd(panel);
      // The first user message of a session also becomes its title in the session list.
      await typeAndSend(panel, group.join('\n'));
      expect((await ended).status).to.equal('completed');
      await panel.updateComplete;
      // The answer arrived (its last payload's number is in the transcript, as text).
      expect(transcript(panel)).to.contain(group.at(-1)!.split(' ')[0]);
    }
    const titles = [...(part<HTMLSelectElement>(panel, 'session-list')?.options ?? [])].map((o) => o.textContent ?? '');
    expect(titles.length, 'one session per group').to.equal(groups.length);
    for (const group of groups)
      expect(
        titles.some((t) => t.startsWith(group[0].slice(0, 20))),
        `title of ${group[0]}`,
      ).to.equal(true);
    await assertClean('model text and session titles');
  });

  it('tool results and tool errors of host tools, and tool inputs', async () => {
    const { chart, panel } = await panelFor();
    const Text = Type.Object({ text: Type.String() });
    const offEcho = chart.tools.register(
      defineTool({
        name: 'xss_echo',
        label: 'Echo <b>label</b>',
        description: 'Returns the text.',
        parameters: Text,
        safety: 'read-only',
        execute: (input) => ({ data: { echoed: input.text, lines: input.text.split('\n') }, text: input.text }),
      }),
    );
    const offFail = chart.tools.register(
      defineTool({
        name: 'xss_fail',
        label: 'Fail',
        description: 'Throws the text.',
        parameters: Text,
        safety: 'read-only',
        execute: (input) => {
          throw new Error(input.text);
        },
      }),
    );
    try {
      const calls = chunks(PAYLOADS, 12).flatMap((g) => [
        { name: 'xss_echo', arguments: JSON.stringify({ text: g.join('\n') }) },
        { name: 'xss_fail', arguments: JSON.stringify({ text: g.join('\n') }) },
      ]);
      await script([{ toolCalls: calls }, { text: 'done' }]);
      const ended = nextRunEnd(panel);
      await typeAndSend(panel, 'echo');
      expect((await ended).status).to.equal('completed');
      await panel.updateComplete;
      const cards = parts(panel, 'tool-card');
      expect(cards.length).to.equal(calls.length);
      expect(cards.filter((c) => c.dataset.status === 'failed').length).to.equal(calls.length / 2);
      // Open every card so results and errors are rendered, not just present.
      for (const d of panel.shadowRoot!.querySelectorAll('details')) d.open = true;
      await panel.updateComplete;
      expect(panel.shadowRoot!.textContent).to.contain(PAYLOADS[PAYLOADS.length - 1]);
      await assertClean('tool results, errors and inputs');
    } finally {
      offEcho();
      offFail();
    }
  });

  it('question cards: ask_user questions, option labels and descriptions', async () => {
    const { panel } = await panelFor();
    const rounds = chunks(PAYLOADS, 24).map((g) => ({
      question: g.slice(8).join('\n').slice(0, 2000),
      options: g.slice(0, 8).map((p, i) => ({ label: p.slice(0, 200), description: (g[8 + i] ?? p).slice(0, 500) })),
    }));
    await script([
      ...rounds.map((r) => ({ toolCalls: [{ name: 'ask_user', arguments: JSON.stringify(r) }] })),
      { text: 'thanks' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'ask me');
    const card = (r: number) => parts(panel, 'question-card')[r];
    const options = (r: number) => [...(card(r)?.querySelectorAll<HTMLElement>('[part~="question-option"]') ?? [])];
    for (const [r, round] of rounds.entries()) {
      await waitFor(() => options(r).length === round.options.length, `options of question ${r}`);
      expect(card(r).textContent).to.contain(round.options[0].label);
      options(r)[0].click();
      const submit = () => card(r).querySelector<HTMLButtonElement>('[part~="question-submit"]')!;
      await waitFor(() => !submit().disabled, 'submit enabled');
      await assertClean(`open question card ${r}`);
      submit().click();
      await waitFor(() => options(r).length === 0, `question ${r} answered`);
    }
    expect((await ended).status).to.equal('completed');
    await assertClean('answered question cards');
  });

  it('drawing labels created by the model', async () => {
    const { chart, panel } = await panelFor();
    const range = chart.context.get()!.dataRange;
    const time = Math.round((range.from + range.to) / 2);
    const calls = PAYLOADS.map((p, i) => ({
      name: 'drawing_create',
      arguments: JSON.stringify({
        kind: i % 2 ? 'text' : 'horizontal_line',
        points: [{ time, price: 100 + i }],
        label: p.slice(0, 500),
      }),
    }));
    await script([...chunks(calls, 60).map((c) => ({ toolCalls: c })), { text: 'drawn' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'draw');
    expect((await ended).status).to.equal('completed');
    const listed = await chart.tools.execute('drawings_list', {});
    const drawings = (listed.success ? listed.data : null) as { drawings: { label?: string }[] };
    expect(drawings.drawings.length).to.equal(PAYLOADS.length);
    expect(drawings.drawings.map((d) => d.label)).to.deep.equal(PAYLOADS.map((p) => p.slice(0, 500)));
    await chart.whenPainted();
    await assertClean('drawing labels');
  });

  it('instrument symbols and names from JSON and CSV file sources', async () => {
    const { chart, panel } = await panelFor();
    const day = 86_400_000;
    const rows = Array.from({ length: 30 }, (_, i) => ({
      time: Date.UTC(2024, 0, 1) + i * day,
      open: 10,
      high: 11,
      low: 9,
      close: 10.5,
      volume: 100,
    }));
    const files = chunks(PAYLOADS, 36);
    const urls: string[] = [];
    try {
      for (const [i, group] of files.entries()) {
        const json = i % 2 === 0;
        const body = json
          ? JSON.stringify({
              symbol: group[0].slice(0, 120),
              name: group.join(' '),
              exchange: group[1].slice(0, 60),
              market: group[2].slice(0, 60),
              bars: rows,
            })
          : `time,open,high,low,close,volume\n${rows.map((r) => `${r.time},${r.open},${r.high},${r.low},${r.close},${r.volume}`).join('\n')}\n`;
        const url = URL.createObjectURL(new Blob([body], { type: json ? 'application/json' : 'text/csv' }));
        urls.push(url);
        const loaded = new Promise<CustomEvent>((resolve) =>
          chart.addEventListener('kline-data-load', (e) => resolve(e as CustomEvent), { once: true }),
        );
        chart.removeAttribute('symbol');
        if (!json) chart.setAttribute('symbol', group[0].replace(/\s+/g, '').slice(0, 60));
        chart.setAttribute('source', json ? 'json' : 'csv');
        chart.setAttribute('src', url);
        await loaded;
        await chart.whenPainted();
        if (json) expect(chart.context.get()!.symbolName).to.equal(group.join(' '));
        await assertClean(`file ${i} (${json ? 'JSON' : 'CSV'}) on the chart`);
      }
      // The panel shows the current instrument in its context chip and, through a tool, in a card.
      await script([
        {
          toolCalls: [
            { name: 'chart_get_context', arguments: '{}' },
            { name: 'instruments_query_name', arguments: JSON.stringify({ query: '' }) },
          ],
        },
        { text: 'ok' },
      ]);
      const ended = nextRunEnd(panel);
      await typeAndSend(panel, 'what is this');
      expect((await ended).status).to.equal('completed');
      for (const d of panel.shadowRoot!.querySelectorAll('details')) d.open = true;
      await panel.updateComplete;
      await assertClean('instrument names in the panel');
    } finally {
      for (const url of urls) URL.revokeObjectURL(url);
    }
  });
});
