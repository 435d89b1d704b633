import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html, render } from 'lit';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/chart-agent-panel.js';
import { markdownParseStats, renderMarkdown } from '../../../components/agent-parts/markdown-view/index.js';
import { scriptMock } from '../helpers/mock-model-client.js';
import { chartAndPanel, nextRunEnd, part, unmountAll } from './panel-fixture.js';

/** About `kb` KiB of an answer's Markdown: headings, bold, inline code, small tables and lists. */
function longAnswer(kb: number): string {
  const sections: string[] = [];
  for (let i = 0, size = 0; size < kb * 1024; i++) {
    const section =
      `## Section ${i}: **MACD** and \`RSI(14)\`\n\n` +
      `The **MACD** line crossed above its signal on bar ${i} while \`RSI(14)\` stays below seventy.\n\n` +
      `| study | value |\n| --- | ---: |\n| MA(20) | ${100 + i}.5 |\n\n` +
      `- first point about bar ${i}\n- second point with **bold** text\n\n`;
    sections.push(section);
    size += section.length;
  }
  return sections.join('');
}

/** Counts the panel's renders from now on. */
function countRenders(panel: ChartAgentPanel): { readonly count: number } {
  const counter = { count: 0 };
  const renderPanel = panel.render.bind(panel);
  panel.render = () => {
    counter.count++;
    return renderPanel();
  };
  return counter;
}

/** The answer's text as the page shows it between tasks, sampled until stopped: distinct lengths seen. */
function sampleShownText(panel: ChartAgentPanel): () => Set<number> {
  const seen = new Set<number>();
  let on = true;
  const sample = () => {
    const answer = [...part(panel, 'messages')!.querySelectorAll('.message.assistant')].at(-1);
    if (answer?.classList.contains('streaming')) seen.add(answer.textContent.length);
    if (on) setTimeout(sample, 0);
  };
  sample();
  return () => {
    on = false;
    return seen;
  };
}

/** Markup without Lit's comment markers. */
function markup(element: Element): string {
  return element.innerHTML.replace(/<!--[^]*?-->/g, '');
}

describe('<chart-agent-panel> with a large answer that arrives in one burst', function () {
  this.timeout(120000);
  let mockUrl = '';
  before(async () => {
    mockUrl = String(await executeServerCommand('mock-model-url'));
  });
  afterEach(unmountAll);

  it('renders and parses per frame, not per token, shows the text as it comes, and ends as a finished answer renders', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory"
        style="width:420px;height:600px"></chart-agent-panel>`,
    );
    const text = longAnswer(100);
    const tokens = Math.ceil(text.length / 8); // the mock's deltas
    await scriptMock(mockUrl.replace(/\/v1$/, ''), [{ text }]); // no chunkDelayMs: as fast as the page reads
    const renders = countRenders(panel);
    const parsesBefore = markdownParseStats().parses;
    let frames = 0;
    let counting = true;
    const frame = () => {
      frames++;
      if (counting) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)));
    observer.observe({ type: 'longtask' });
    const stopSampling = sampleShownText(panel);
    const start = performance.now();
    const ended = nextRunEnd(panel, 110000);
    void panel.send('Write the long report.');
    expect((await ended).status).to.equal('completed');
    await panel.updateComplete;
    const elapsed = performance.now() - start;
    counting = false;
    const shown = stopSampling();
    await new Promise((resolve) => setTimeout(resolve, 50)); // the last long task's entry
    observer.disconnect();
    const parses = markdownParseStats().parses - parsesBefore;

    // The page showed the answer growing: it was not one task from the first token to the last.
    expect(shown.size, 'text lengths seen while streaming').to.be.at.least(5);
    expect(Math.max(0, ...longTasks), 'longest main-thread task (ms)').to.be.below(5000);
    // At most one render per frame (or per 100 ms where a hidden page gets no frames), plus the
    // run's own steps: nowhere near one per token.
    expect(renders.count, `${renders.count} renders, ${frames} frames, ${tokens} tokens`).to.be.at.most(
      frames + elapsed / 100 + 20,
    );
    expect(renders.count).to.be.below(tokens / 10);
    // Markdown: each finished chunk (about 1 KB) once, and the open one once per render.
    expect(parses, `${parses} parses`).to.be.at.most(text.length / 1024 + renders.count + 5);

    // The answer ends exactly as the finished message renders on its own.
    const last = [...part(panel, 'messages')!.querySelectorAll('.message.assistant')].at(-1)!;
    expect(last.classList.contains('streaming')).to.equal(false);
    const alone = document.createElement('div');
    render(renderMarkdown(text), alone);
    expect(markup(last.querySelector('.markdown')!)).to.equal(markup(alone));
    expect(last.querySelectorAll('table').length).to.be.greaterThan(100);
  });
});
