import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { loadMarkdown, renderMarkdown, safeHref } from '../../../components/agent-parts/markdown-view/index.js';
import { depthUnder, tagsUnder } from './dom-shape.js';

function mount(text: string, streaming = false): HTMLElement {
  const host = document.createElement('div');
  host.className = 'markdown';
  document.body.append(host);
  render(renderMarkdown(text, { streaming }), host);
  return host;
}

/** Every element the Markdown view may create. */
const ALLOWED = new Set([
  'p',
  'h3',
  'h4',
  'h5',
  'ul',
  'ol',
  'li',
  'blockquote',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'strong',
  'em',
  'del',
  'a',
  'code',
  'pre',
  'br',
  'hr',
  'input',
  'span',
]);

describe('markdown view', () => {
  before(() => loadMarkdown());
  afterEach(() => {
    document.body.querySelectorAll(':scope > div').forEach((d) => d.remove());
    delete (window as { __pwned?: unknown }).__pwned;
  });

  it('renders HTML in model text as literal text, never as elements', async () => {
    const host = mount(
      'Hi <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script> <b>bold?</b>\n\n`<img src=y onerror=alert(1)>`\n\n' +
        '<iframe src="javascript:window.__pwned=4"></iframe>\n\n```html\n<svg onload="window.__pwned=3"></svg>\n```',
    );
    await new Promise((r) => setTimeout(r, 50)); // no event for "no handler ran": let an injected onerror fire first
    expect(host.querySelector('img, script, svg, b, iframe')).to.equal(null);
    expect(tagsUnder(host)).to.deep.equal(['code', 'p', 'pre']);
    expect(host.textContent).to.contain('<img src=x onerror="window.__pwned=1">');
    expect(host.textContent).to.contain('<script>window.__pwned=2</script>');
    expect(host.textContent).to.contain('<iframe src="javascript:window.__pwned=4"></iframe>');
    expect(host.textContent).to.contain('<svg onload="window.__pwned=3"></svg>');
    expect((window as { __pwned?: unknown }).__pwned).to.equal(undefined);
  });

  it('links only http(s) and mailto URLs, opening them without an opener; other links stay text', () => {
    const host = mount(
      '[ok](https://example.com/a?b=1) [mail](mailto:a@example.com) [bad](javascript:window.__pwned=1) ' +
        '[bad2](JaVaScRiPt:alert(1)) [data](data:text/html,<b>x</b>) ![img](data:image/png;base64,AAAA) [rel](/relative) <https://x.test> see http://auto.example/path.',
    );
    const anchors = [...host.querySelectorAll('a')];
    expect(anchors.map((a) => a.getAttribute('href'))).to.deep.equal([
      'https://example.com/a?b=1',
      'mailto:a@example.com',
      'https://x.test/',
      'http://auto.example/path',
    ]);
    for (const a of anchors) {
      expect(a.getAttribute('rel')).to.equal('noopener noreferrer');
      expect(a.getAttribute('target')).to.equal('_blank');
    }
    expect(host.textContent).to.contain('[bad](javascript:window.__pwned=1)');
    expect(host.textContent).to.contain('[data](data:text/html,<b>x</b>)');
    expect(host.textContent).to.contain('![img](data:image/png;base64,AAAA)');
    expect(host.textContent).to.contain('[rel](/relative)');
    expect(host.querySelector('b, img')).to.equal(null);
  });

  it('shows the real host beside a link whose text names another one', () => {
    const host = mount(
      '[paypal.com](https://xn--pypal-4ve.com/login) and [example.com](https://example.com/x) and [the docs](https://docs.example)',
    );
    const hints = [...host.querySelectorAll('.link-host')];
    expect(hints.length).to.equal(1);
    expect(hints[0].previousElementSibling!.textContent).to.equal('paypal.com');
    expect(hints[0].textContent).to.equal('↗ xn--pypal-4ve.com');
    expect(hints[0].closest('a')).to.equal(null);
  });

  it('renders paragraphs, emphasis, code, lists, headings and tables', () => {
    const host = mount(
      [
        '## Summary',
        'The close is **up 3%** and *volatile*; see `MA(20)` ~~not~~.',
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
        '|---|--:|',
        '| 1 | 2 |',
        '',
        'snake_case_name stays text',
        '',
        '---',
      ].join('\n'),
    );
    expect(host.querySelector('h3')!.textContent).to.equal('Summary');
    expect(host.querySelector('strong')!.textContent).to.equal('up 3%');
    expect(host.querySelector('em')!.textContent).to.equal('volatile');
    expect(host.querySelector('del')!.textContent).to.equal('not');
    expect(host.querySelector('p code')!.textContent).to.equal('MA(20)');
    expect(host.querySelector('p br')).to.not.equal(null);
    expect([...host.querySelectorAll('ul > li')].map((li) => li.textContent.trim())).to.deep.equal([
      'first',
      'second with bold',
    ]);
    expect(host.querySelectorAll('ol > li').length).to.equal(2);
    const code = host.querySelector('pre > code')!;
    expect(code.textContent).to.equal('const a = 1 < 2;');
    expect(code.className).to.equal('language-js');
    expect(host.querySelectorAll('.table-wrap > table > thead > tr > th').length).to.equal(2);
    expect([...host.querySelectorAll('table > tbody > tr > td')].map((td) => td.textContent)).to.deep.equal(['1', '2']);
    expect(host.querySelector('td:last-child')!.className).to.equal('align-right');
    expect(host.querySelector('hr')).to.not.equal(null);
    expect(host.querySelectorAll('em').length).to.equal(1);
  });

  it('renders nested lists, task lists and quotes as nested elements', () => {
    const host = mount(
      '- outer\n  1. inner one\n  2. inner two\n     - deepest\n- [x] done\n- [ ] open\n\n> quoted **bold**\n>\n> > nested quote',
    );
    expect(host.querySelector('ul > li > ol > li > ul > li')!.textContent.trim()).to.equal('deepest');
    const tasks = [...host.querySelectorAll<HTMLLIElement>('ul > li.task')];
    expect(tasks.map((li) => li.textContent.trim())).to.deep.equal(['done', 'open']);
    expect(tasks.map((li) => li.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked)).to.deep.equal([
      true,
      false,
    ]);
    expect(tasks.every((li) => li.querySelector('input')!.disabled)).to.equal(true);
    expect(host.querySelector('blockquote > p > strong')!.textContent).to.equal('bold');
    expect(host.querySelector('blockquote > blockquote > p')!.textContent).to.equal('nested quote');
  });

  it('caps nesting: deep lists and quotes render bounded, with their text', () => {
    for (const source of [
      `${'- '.repeat(5000)}end`,
      `${'> '.repeat(5000)}end`,
      Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- end`).join('\n'),
    ]) {
      const host = mount(source);
      expect(depthUnder(host)).to.be.at.most(24);
      expect(host.textContent).to.contain('end');
      expect(tagsUnder(host).every((tag) => ALLOWED.has(tag))).to.equal(true);
      host.remove();
    }
    const quotes = mount(`${'> '.repeat(5000)}end`);
    let nested = 0;
    for (let q = quotes.querySelector('blockquote'); q; q = q.querySelector(':scope > blockquote')) nested++;
    expect(nested).to.equal(8);
  });

  it('shows an unclosed code fence (still streaming) as code', () => {
    const host = mount('Here:\n```\nline 1\nline 2', true);
    expect(host.querySelector('pre code')!.textContent).to.equal('line 1\nline 2');
  });

  it('a streamed message ends with the same DOM as the finished one', () => {
    const text = Array.from(
      { length: 40 },
      (_, i) => `## Part ${i}\n\nSome *text* for part ${i}, with \`code\`.\n\n- a\n- b\n`,
    ).join('\n');
    const streamed = mount('', true);
    for (let cut = 0; cut <= text.length; cut += 37)
      render(renderMarkdown(text.slice(0, cut), { streaming: true }), streamed);
    render(renderMarkdown(text, { streaming: true }), streamed);
    const firstHeading = streamed.querySelector('h3');
    render(renderMarkdown(text), streamed);
    const finished = mount(text);
    expect(streamed.innerHTML.replace(/<!--[^]*?-->/g, '')).to.equal(finished.innerHTML.replace(/<!--[^]*?-->/g, ''));
    expect(streamed.querySelector('h3'), 'the finished chunks were not rendered again').to.equal(firstHeading);
    expect(streamed.querySelectorAll('h3').length).to.equal(40);
  });

  it('a long open block streams as plain text and is formatted once finished', () => {
    const text = `Intro.\n\n${'*word* '.repeat(3000)}`;
    const host = mount(text, true);
    expect(host.querySelector('.plain')!.textContent).to.contain('*word* *word*');
    render(renderMarkdown(text), host);
    expect(host.querySelector('.plain')).to.equal(null);
    expect(host.querySelectorAll('em').length).to.equal(3000);
  });

  it('past 256 KB a message shows as plain text', () => {
    const paragraph = `${'word '.repeat(200)}*x*\n\n`;
    const host = mount(paragraph.repeat(300));
    const formatted = host.querySelectorAll(':scope > p').length;
    expect(formatted).to.be.within(200, 270);
    expect(host.querySelectorAll('em').length).to.equal(formatted);
    expect(host.lastElementChild!.className).to.equal('plain');
    expect(host.textContent.split('*x*').length - 1).to.equal(300 - formatted);
  });

  it('when the tokenizer throws, the message shows as plain text and the next one still renders', () => {
    const original = String.prototype.charCodeAt;
    let host: HTMLElement;
    String.prototype.charCodeAt = function () {
      throw new Error('tokenizer broke');
    };
    try {
      host = mount('A **broken** message\n\n- with a list');
    } finally {
      String.prototype.charCodeAt = original;
    }
    expect(host.querySelector('.plain')!.textContent).to.equal('A **broken** message\n\n- with a list');
    expect(host.querySelector('strong, ul')).to.equal(null);
    expect(mount('A **fine** message').querySelector('strong')!.textContent).to.equal('fine');
  });

  it('safeHref refuses anything but absolute http, https and mailto URLs', () => {
    expect(safeHref('https://a.example')).to.equal('https://a.example/');
    expect(safeHref('java\tscript:alert(1)')).to.equal(null);
    expect(safeHref(' javascript:alert(1)')).to.equal(null);
    expect(safeHref('vbscript:x')).to.equal(null);
    expect(safeHref('//evil.example')).to.equal(null);
  });
});
