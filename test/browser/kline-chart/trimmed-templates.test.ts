import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';

// The bundle ships the chart's html`…` and svg`…` templates without the blanks around their line breaks
// (scripts/minify-html-templates.js, issue #12). Chromium must build the same DOM from them: the same
// elements, attributes and text nodes, each text the same once white space is collapsed as CSS does.

type Template = { file: string; original: string; trimmed: string };

/** The template's nodes as Chromium parses them, white space runs collapsed to one space. */
function parsed(text: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = text;
  const out: string[] = [];
  const walker = document.createTreeWalker(template.content);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element)
      out.push(
        `<${node.localName} ${[...node.attributes].map((a) => `${a.name}=${a.value.replace(/\s+/g, ' ')}`).join(' ')}>`,
      );
    else out.push(`${node.nodeType}:${(node.nodeValue ?? '').replace(/\s+/g, ' ')}`);
  }
  return out;
}

describe('trimmed component templates', () => {
  it('parse to the same nodes as the templates as written, for every trimmed template', async () => {
    const templates = await executeServerCommand<Template[], undefined>('html-templates');
    // The chart's templates are covered, and most lose something.
    expect(templates.length).to.be.greaterThan(40);
    expect(templates.map((t) => t.file)).to.include('build/components/kline-chart/kline-chart.js');
    let smaller = 0;
    for (const t of templates) {
      expect(parsed(t.trimmed), t.file).to.deep.equal(parsed(t.original));
      // Lines are kept, so the bundle's source maps stay right.
      expect(t.trimmed.split('\n').length, t.file).to.equal(t.original.split('\n').length);
      if (t.trimmed.length < t.original.length) smaller++;
    }
    expect(smaller).to.be.greaterThan(20);
  });

  it('keep a line break where the blanks around it were, also next to an interpolation', async () => {
    const { trimHtmlText } = (await import(new URL('/scripts/minify-html-templates.js', location.href).href)) as {
      trimHtmlText(text: string): string;
    };
    expect(trimHtmlText('<b>a</b>\n    <i>b</i>  \n  ')).to.equal('<b>a</b>\n<i>b</i>\n');
    expect(trimHtmlText(' <b class="x">  c </b> ')).to.equal(' <b class="x">  c </b> ');
  });
});
