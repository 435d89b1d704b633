import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { AgentEvent } from '../../../src/protocol/index.js';
import type { DataSource } from '../../../src/core/data/index.js';
import type { RecordedRequest } from '../../mock-model/mock-step.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { connectFramePort } from '../../../src/frames/index.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import {
  chartAndPanel,
  mount,
  nextRunEnd,
  part,
  parts,
  typeAndSend,
  unmountAll,
  useMockModel,
} from './panel-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

// The agent's reach: chart images (chart_capture, vision), progress of long tools and chart
// changes between two messages. This file has a mock model of its own (see web-test-runner.config.js).

type Part = { type: string; text?: string; image_url?: { url: string } };
type Message = { role: string; content: string | Part[] | null; tool_call_id?: string };

function imageParts(request: RecordedRequest): Part[] {
  return (request.body.messages as Message[]).flatMap((m) =>
    Array.isArray(m.content) ? m.content.filter((p) => p.type === 'image_url') : [],
  );
}

function toolNames(request: RecordedRequest): string[] {
  return (request.body.tools as { function: { name: string } }[]).map((t) => t.function.name);
}

function recordEvents(target: EventTarget): AgentEvent[] {
  const events: AgentEvent[] = [];
  target.addEventListener('agent-event', (e) => events.push((e as CustomEvent<AgentEvent>).detail));
  return events;
}

async function decode(url: string): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(image, 0, 0);
  return { data: ctx.getImageData(0, 0, canvas.width, canvas.height).data, width: canvas.width, height: canvas.height };
}

function rgbOf(css: string): [number, number, number] {
  const ctx = document.createElement('canvas').getContext('2d')!;
  ctx.fillStyle = css;
  const hex = ctx.fillStyle;
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}

function countColour(
  pixels: { data: Uint8ClampedArray },
  rgb: [number, number, number],
  y0 = 0,
  y1 = Infinity,
  width = 0,
): number {
  let n = 0;
  const d = pixels.data;
  for (let i = 0; i < d.length; i += 4) {
    const y = width ? Math.floor(i / 4 / width) : 0;
    if (y < y0 || y >= y1) continue;
    if (Math.abs(d[i] - rgb[0]) < 12 && Math.abs(d[i + 1] - rgb[1]) < 12 && Math.abs(d[i + 2] - rgb[2]) < 12) n++;
  }
  return n;
}

describe('<chart-agent-panel> reach: images, progress, chart changes', function () {
  this.timeout(60000);

  const mock = useMockModel();

  function panelWith(attrs = '') {
    const vision = attrs || 'auto';
    return chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="memory" vision=${vision} style="width:380px;height:560px"></chart-agent-panel>`,
    );
  }
  beforeEach(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('kline-agent-vision:')) localStorage.removeItem(key);
  });
  afterEach(unmountAll);

  it('chart_capture reaches the model as an image part showing candles, legend and title; the log keeps only a thumbnail', async () => {
    const { panel } = await panelWith();
    const events = recordEvents(panel);
    await mock.script([
      { toolCalls: [{ name: 'chart_capture', arguments: '{"width":640,"height":400}' }] },
      { text: 'An uptrend.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'What do you see?');
    expect((await ended).status).to.equal('completed');

    const recorded = await mock.requests();
    expect(toolNames(recorded[0])).to.include('chart_capture');
    const messages = recorded[1].body.messages as Message[];
    const toolIndex = messages.findIndex((m) => m.role === 'tool');
    expect(JSON.parse(messages[toolIndex].content as string).text).to.contain('attached in the next message');
    const next = messages[toolIndex + 1];
    expect(next.role).to.equal('user');
    const parts = next.content as Part[];
    expect(parts[0].type).to.equal('text');
    expect(parts[1].type).to.equal('image_url');
    const url = parts[1].image_url!.url;
    expect(url.startsWith('data:image/png;base64,')).to.equal(true);

    const png = await decode(url);
    expect([png.width, png.height]).to.deep.equal([640, 400]);
    const style = getComputedStyle(document.querySelector('kline-chart')!);
    const up = rgbOf(style.getPropertyValue('--kline-up-color').trim() || '#26a69a');
    const down = rgbOf(style.getPropertyValue('--kline-down-color').trim() || '#ef5350');
    expect(countColour(png, up, 0, Infinity, png.width), 'rising candles').to.be.greaterThan(50);
    expect(countColour(png, down, 0, Infinity, png.width), 'falling candles').to.be.greaterThan(50);
    // The title line (top 20 px) has text on it: not all background.
    const background = [png.data[0], png.data[1], png.data[2]] as [number, number, number];
    const title = png.width * 20 - countColour(png, background, 0, 20, png.width);
    expect(title, 'title pixels').to.be.greaterThan(100);

    // The stored log (what the panel got) has a thumbnail and a marker, never the full image.
    const finished = events.find((e) => e.type === 'tool.finished' && e.name === 'chart_capture');
    const data = (finished as Extract<AgentEvent, { type: 'tool.finished' }>).result as {
      data: Record<string, unknown>;
    };
    expect(data.data.image).to.equal(undefined);
    expect(data.data.imageAttached).to.equal(true);
    const thumb = await decode(String(data.data.thumbnail));
    expect(thumb.width).to.be.at.most(256);

    // The next run does not resend the old image.
    await mock.script([{ text: 'ok' }]);
    const again = nextRunEnd(panel);
    await typeAndSend(panel, 'thanks');
    expect((await again).status).to.equal('completed');
    const later = await mock.requests();
    expect(imageParts(later[0])).to.have.length(0);
    expect(JSON.stringify(later[0].body.messages)).not.to.contain('base64');
  });

  it('vision="auto": a 400 to an image is retried once without it and the model is remembered as text-only', async () => {
    const { panel } = await panelWith();
    await mock.script([
      { toolCalls: [{ name: 'chart_capture', arguments: '{}' }] },
      { status: 400, errorBody: { error: { message: 'image input is not supported', type: 'invalid_request_error' } } },
      { text: 'I cannot see images.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Look at the chart');
    expect((await ended).status).to.equal('completed');
    const recorded = await mock.requests();
    expect(recorded).to.have.length(3);
    expect(imageParts(recorded[1])).to.have.length(1);
    expect(imageParts(recorded[2])).to.have.length(0);
    expect(toolNames(recorded[2])).not.to.include('chart_capture');
    expect(Object.keys(localStorage).some((k) => k.startsWith('kline-agent-vision:'))).to.equal(true);

    // The next run does not offer the tool any more.
    await mock.script([{ text: 'ok' }]);
    const again = nextRunEnd(panel);
    await typeAndSend(panel, 'and now?');
    expect((await again).status).to.equal('completed');
    expect(toolNames((await mock.requests())[0])).not.to.include('chart_capture');
  });

  it('vision="off" never offers chart_capture', async () => {
    const { panel } = await panelWith('off');
    await mock.script([{ text: 'ok' }]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'hi');
    expect((await ended).status).to.equal('completed');
    const names = toolNames((await mock.requests())[0]);
    expect(names).to.include('chart_set_period');
    expect(names).not.to.include('chart_capture');
  });

  it('a symbol the user changed between two messages is in the second request and emitted as context.changed', async () => {
    const { chart, panel } = await panelWith();
    const events = recordEvents(panel);
    await mock.script([{ text: 'first' }]);
    let ended = nextRunEnd(panel);
    await typeAndSend(panel, 'first question');
    expect((await ended).status).to.equal('completed');
    const before = chart.context.get()!.symbol;
    const other = coreOf(chart).sources.get('sample')!;
    const instruments = await other.searchInstruments(' ', { limit: 50 });
    const target = instruments.find((i) => i.symbol !== before)!.symbol;
    chart.symbol = target;
    await waitFor(() => chart.context.get()?.symbol === target, 'symbol change');

    await mock.script([{ text: 'second' }]);
    ended = nextRunEnd(panel);
    await typeAndSend(panel, 'second question');
    expect((await ended).status).to.equal('completed');
    const request = (await mock.requests())[0];
    const users = (request.body.messages as Message[]).filter((m) => m.role === 'user').map((m) => String(m.content));
    expect(users.at(-1)).to.contain(`symbol ${before} → ${target}`);
    expect(users.at(-1)).to.contain('second question');
    expect(users[0]).not.to.contain('→');
    const changed = events.filter((e) => e.type === 'context.changed');
    expect(changed).to.have.length(1);
  });

  it('a multi-page market_bars_query shows its progress on the tool card', async () => {
    const { chart, panel } = await panelWith();
    const events = recordEvents(panel);
    const sample = coreOf(chart).sources.get('sample')!;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const paged: DataSource = {
      id: 'paged',
      label: 'Paged',
      periods: sample.periods,
      searchInstruments: (query, options) => sample.searchInstruments(query, options),
      async getBars(request) {
        request.onProgress?.(1 / 3, 'page 1 of 3');
        request.onProgress?.(2 / 3, 'page 2 of 3');
        await gate;
        request.onProgress?.(1, 'page 3 of 3');
        return sample.getBars(request);
      },
    };
    chart.registerDataSource(paged);
    await mock.script([
      {
        toolCalls: [
          {
            name: 'market_bars_query',
            arguments: `{"sourceId":"paged","symbol":"${chart.context.get()!.symbol}","limit":5}`,
          },
        ],
      },
      { text: 'done' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'read the bars');
    await waitFor(() => (part(panel, 'tool-card')?.textContent ?? '').includes('page 2 of 3'), 'progress on the card');
    expect(part(panel, 'tool-card')!.dataset.status).to.equal('running');
    release();
    expect((await ended).status).to.equal('completed');
    const progress = events.filter(
      (e): e is Extract<AgentEvent, { type: 'tool.progress' }> => e.type === 'tool.progress',
    );
    expect(progress.map((p) => p.fraction)).to.deep.equal([1 / 3, 2 / 3, 1]);
    expect(progress[0].message).to.contain('page 1 of 3');
  });

  it('for="a b": each tool once with a required chart parameter; "set both to weekly" changes both charts in one run', async () => {
    const wrapper = mount(html`<div style="display:flex;gap:8px">
      <kline-chart id="a" style="width:400px;height:300px"></kline-chart>
      <kline-chart id="b" symbol="ACME" style="width:400px;height:300px"></kline-chart>
      <chart-agent-panel for="a b" base-url=${mock.url} session-store="memory" style="width:380px;height:560px"></chart-agent-panel></div>`);
    const [a, b] = [...wrapper.querySelectorAll<KlineChart>('kline-chart')];
    const panel = wrapper.querySelector<ChartAgentPanel>('chart-agent-panel')!;
    await waitFor(() => a.context.get() !== null && b.context.get() !== null, 'both charts loaded');
    await waitFor(() => panel.connected && panel.sessionId !== '' && panel.canSend, 'panel ready');
    await panel.updateComplete;
    // The chips show each chart.
    const chips = parts(panel, 'context-chip').map((c) => c.textContent ?? '');
    expect(chips.some((t) => t.includes('a:'))).to.equal(true);
    expect(chips.some((t) => t.includes('b:'))).to.equal(true);

    await mock.script([
      {
        toolCalls: [
          { name: 'chart_set_period', arguments: '{"chart":"a","period":"1w"}' },
          { name: 'chart_set_period', arguments: '{"chart":"b","period":"1w"}' },
        ],
      },
      { text: 'Both are weekly now.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'set both to weekly');
    expect((await ended).status).to.equal('completed');
    expect(a.context.get()!.period).to.equal('1w');
    expect(b.context.get()!.period).to.equal('1w');

    const first = (await mock.requests())[0];
    const tools = first.body.tools as {
      function: { name: string; parameters: { properties: Record<string, { enum?: string[] }>; required: string[] } };
    }[];
    const setPeriod = tools.filter((t) => t.function.name === 'chart_set_period');
    expect(setPeriod).to.have.length(1);
    expect(setPeriod[0].function.parameters.properties.chart.enum).to.deep.equal(['a', 'b']);
    expect(setPeriod[0].function.parameters.required).to.include('chart');
    const system = String((first.body.messages as Message[])[0].content);
    expect(system).to.contain('Chart "b"');
    expect(system).to.contain(b.context.get()!.symbol);
  });

  describe('a chart in an iframe on another origin', () => {
    // localhost and 127.0.0.1 on the same port are different origins.
    const otherOrigin = () =>
      `${location.protocol}//${location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${location.port}`;
    const frameUrl = (origins: string, late = false) =>
      `${otherOrigin()}/test/browser/frames/frame-chart.html?id=framed&origins=${encodeURIComponent(origins)}${late ? '&late' : ''}`;

    it('connects also when the framed page names the allowed origins after its chart connected', async () => {
      const wrapper = mount(html`<div style="display:flex;gap:8px">
          <iframe id="f0" src=${frameUrl(location.origin, true)} style="width:520px;height:320px"></iframe>
          <chart-agent-panel for="frame:f0" base-url=${mock.url} session-store="memory" style="width:380px;height:560px"></chart-agent-panel></div>`);
      const panel = wrapper.querySelector<ChartAgentPanel>('chart-agent-panel')!;
      await waitFor(() => panel.connected && panel.canSend, 'panel connected to the framed chart', 30000);
    });

    it('is driven by a panel in the parent whose origin it lists (for="frame:ID")', async () => {
      const periods: string[] = [];
      const onMessage = (e: MessageEvent) => {
        if (e.origin === otherOrigin() && e.data?.framedChart) periods.push(e.data.period as string);
      };
      window.addEventListener('message', onMessage);
      try {
        const wrapper = mount(html`<div style="display:flex;gap:8px">
          <iframe id="f1" src=${frameUrl(location.origin)} style="width:520px;height:320px"></iframe>
          <chart-agent-panel for="frame:f1" base-url=${mock.url} session-store="memory" style="width:380px;height:560px"></chart-agent-panel></div>`);
        const panel = wrapper.querySelector<ChartAgentPanel>('chart-agent-panel')!;
        await waitFor(
          () => panel.connected && panel.sessionId !== '' && panel.canSend,
          'panel connected to the framed chart',
          30000,
        );
        await mock.script([
          { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
          { text: 'Weekly.' },
        ]);
        const ended = nextRunEnd(panel);
        await typeAndSend(panel, 'weekly please');
        expect((await ended).status).to.equal('completed');
        await waitFor(() => periods.includes('1w'), 'the framed chart reports 1w');
        const recorded = await mock.requests();
        expect(toolNames(recorded[0])).to.include('chart_set_period');
        const tool = (recorded[1].body.messages as Message[]).find((m) => m.role === 'tool')!;
        expect(JSON.parse(String(tool.content)).success).to.equal(true);
        expect(String((recorded[0].body.messages as Message[])[0].content)).to.contain('Period: 1d');
      } finally {
        window.removeEventListener('message', onMessage);
      }
    });

    it('an origin the chart does not list gets nothing', async () => {
      // Listen before the frame loads: once the framed chart reports its period it is up, so silence means refusal.
      const up = new Promise<void>((resolve) => {
        const onMessage = (e: MessageEvent) => {
          if (e.data?.framedChart) {
            window.removeEventListener('message', onMessage);
            resolve();
          }
        };
        window.addEventListener('message', onMessage);
      });
      const wrapper = mount(
        html`<iframe id="f2" src=${frameUrl('https://unlisted.example')} style="width:520px;height:320px"></iframe>`,
      );
      const iframe = wrapper.querySelector('iframe')!;
      await up;
      let error: unknown = null;
      try {
        await connectFramePort(iframe.contentWindow!, otherOrigin(), { timeoutMs: 1500 });
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(Error);
      expect(String((error as Error).message)).to.contain('agent-origins');
    });
  });
});
