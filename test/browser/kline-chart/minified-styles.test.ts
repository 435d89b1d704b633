import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';

// The bundle ships every css`…` template minified (scripts/minify-css-templates.js, issue #12). Chromium's
// own CSS parser must read the minified text exactly as the written one: same rules, same selectors,
// same declarations, in the same order.

type Template = { file: string; original: string; minified: string };

/**
 * The style sheet as Chromium parsed it, one serialised rule per entry. A template of declarations
 * only (inserted into a rule with `${…}`, e.g. the panel's dark colours) is parsed inside a rule.
 */
function parsed(text: string): string[] {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  if (sheet.cssRules.length === 0) sheet.replaceSync(`:host { ${text} }`);
  return [...sheet.cssRules].map((rule) => rule.cssText);
}

describe('minified component styles', () => {
  it('parse to the same rules as the styles as written, for every css template', async () => {
    const templates = await executeServerCommand<Template[], undefined>('css-templates');
    // Every component's styles are covered (the chart's, the panel's, the dialogs').
    expect(templates.length).to.be.greaterThan(15);
    expect(templates.map((t) => t.file)).to.include.members([
      'components/kline-chart/kline-chart.styles.ts',
      'components/chart-agent-panel/chart-agent-panel.styles.ts',
    ]);
    let smaller = 0;
    for (const template of templates) {
      const rules = parsed(template.original);
      expect(rules.length, template.file).to.be.greaterThan(0);
      expect(parsed(template.minified), template.file).to.deep.equal(rules);
      // Lines are kept, so the bundle's source maps stay right.
      expect(template.minified.split('\n').length, template.file).to.equal(template.original.split('\n').length);
      if (template.minified.length < template.original.length) smaller++;
    }
    expect(smaller).to.equal(templates.length);
  });

  it('keep spaces that are selectors: descendant combinators, also next to an interpolation', async () => {
    const { minifyCssText } = (await import(new URL('/scripts/minify-css-templates.js', location.href).href)) as {
      minifyCssText(text: string): string;
    };
    // Line breaks that separate nothing move to the last line (the template keeps its number of lines).
    expect(minifyCssText('\n  .a :hover {\n    color: red; /* note */\n  }\n')).to.equal(
      '\n.a :hover{color:red}\n\n\n',
    );
    // A line break that is a descendant combinator stays, also across an empty line.
    expect(minifyCssText('\n  .a\n\n  .b { c: d }\n')).to.equal('\n.a\n.b{c:d}\n\n');
    // A value with var() keeps its own spaces; those between declarations go.
    expect(minifyCssText('.u { height: 100%; right: calc(var(--w, 64px) + 8px); }')).to.equal(
      '.u{height:100%;right:calc(var(--w, 64px) + 8px)}',
    );
    // A quasi ending or starting next to `${…}` keeps its outer spaces.
    expect(minifyCssText('.a ')).to.equal('.a ');
    expect(minifyCssText(' .b { x: y }')).to.equal(' .b{x:y}');
    // Strings are kept as they are.
    expect(minifyCssText('.c { content: "a: b;  }" ; }')).to.equal('.c{content:"a: b;  }"}');
  });
});
