import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { renderMarkdown, safeHref } from '../../../components/agent-parts/markdown-view/index.js';

function mount(text: string): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  render(renderMarkdown(text), host);
  return host;
}

describe('markdown view', () => {
  afterEach(() => {
    document.body.querySelectorAll(':scope > div').forEach((d) => d.remove());
    delete (window as { __pwned?: unknown }).__pwned;
  });

  it('renders HTML in model text as literal text, never as elements', async () => {
    const host = mount('Hi <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script> <b>bold?</b>\n\n`<img src=y onerror=alert(1)>`\n\n```html\n<svg onload="window.__pwned=3"></svg>\n```');
    await new Promise((r) => setTimeout(r, 50));
    expect(host.querySelector('img, script, svg, b, iframe')).to.equal(null);
    expect(host.textContent).to.contain('<img src=x onerror="window.__pwned=1">');
    expect(host.textContent).to.contain('<svg onload="window.__pwned=3"></svg>');
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined);
  });

  it('links only http(s) and mailto URLs, opening them without an opener', () => {
    const host = mount('[ok](https://example.com/a?b=1) [mail](mailto:a@example.com) [bad](javascript:window.__pwned=1) ' +
      '[bad2](JaVaScRiPt:alert(1)) [data](data:text/html,<b>x</b>) [rel](/relative) <https://x.test> see http://auto.example/path.');
    const anchors = [...host.querySelectorAll('a')];
    expect(anchors.map((a) => a.getAttribute('href'))).to.deep.equal(['https://example.com/a?b=1', 'mailto:a@example.com', 'http://auto.example/path']);
    for (const a of anchors) {
      expect(a.getAttribute('rel')).to.equal('noopener noreferrer');
      expect(a.getAttribute('target')).to.equal('_blank');
    }
    expect(host.textContent).to.contain('[bad](javascript:window.__pwned=1)');
    expect(host.textContent).to.contain('[rel](/relative)');
    expect(host.querySelector('b')).to.equal(null);
  });

  it('renders paragraphs, emphasis, code, lists, headings and tables', () => {
    const host = mount([
      '## Summary',
      'The close is **up 3%** and *volatile*; see `MA(20)`.',
      'second line',
      '',
      '- first',
      '- second with **bold**',
      '',
      '1. one',
      '2. two',
      '',
      '```js',
      'const a = 1 < 2;',
      '```',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      'snake_case_name stays text',
    ].join('\n'));
    expect(host.querySelector('h3')!.textContent).to.equal('Summary');
    expect(host.querySelector('strong')!.textContent).to.equal('up 3%');
    expect(host.querySelector('em')!.textContent).to.equal('volatile');
    expect(host.querySelector('p code')!.textContent).to.equal('MA(20)');
    expect(host.querySelector('p br')).to.not.equal(null);
    expect([...host.querySelectorAll('ul > li')].map((li) => li.textContent!.trim())).to.deep.equal(['first', 'second with bold']);
    expect(host.querySelectorAll('ol > li').length).to.equal(2);
    expect(host.querySelector('pre code')!.textContent).to.equal('const a = 1 < 2;');
    expect([...host.querySelectorAll('td')].map((td) => td.textContent)).to.deep.equal(['1', '2']);
    expect(host.querySelectorAll('em').length).to.equal(1);
  });

  it('shows an unclosed code fence (still streaming) as code', () => {
    const host = mount('Here:\n```\nline 1\nline 2');
    expect(host.querySelector('pre code')!.textContent).to.equal('line 1\nline 2');
  });

  it('safeHref refuses anything but absolute http, https and mailto URLs', () => {
    expect(safeHref('https://a.example')).to.equal('https://a.example/');
    expect(safeHref('java\tscript:alert(1)')).to.equal(null);
    expect(safeHref(' javascript:alert(1)')).to.equal(null);
    expect(safeHref('vbscript:x')).to.equal(null);
    expect(safeHref('//evil.example')).to.equal(null);
  });
});
