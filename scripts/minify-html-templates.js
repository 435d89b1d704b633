// Trims the text of Lit's html`…` and svg`…` templates in the bundle (rollup.config.js): terser keeps
// template literals verbatim, so each template shipped the indentation of its source lines (issue #12).

import { walk } from './minify-css-templates.js';

/**
 * Modules left as written: their style sheets keep white space (`white-space: pre-wrap`, `<pre>`,
 * `<textarea>`), where a template's indentation next to an interpolation would show.
 */
const KEEP = /components\/(chart-agent-panel|agent-parts|command-palette|schema-form)\//;

/**
 * The text of one template quasi with the blanks before and after each line break dropped: a run of
 * white space with a line break in it stays a line break (white space in HTML as before; the DOM has
 * the same text nodes), and the quasi keeps its number of lines, so the bundle's source maps stay right.
 * @param {string} text
 * @returns {string}
 */
export function trimHtmlText(text) {
  return text.replace(/[ \t]*\n[ \t]*/g, '\n');
}

/**
 * The quasis of the `html`- and `svg`-tagged templates of a module's code (`ast`: its ESTree) that
 * {@link trimHtmlText} may change, one list per template: a template with `<pre` or `<textarea` in it is
 * left out, and so is a quasi the AST does not locate exactly.
 * @param {string} code
 * @param {unknown} ast
 * @returns {{ start: number, end: number, raw: string }[][]}
 */
export function htmlTemplates(code, ast) {
  const templates = [];
  walk(ast, (node) => {
    if (node.type !== 'TaggedTemplateExpression' || node.tag.type !== 'Identifier') return;
    if (node.tag.name !== 'html' && node.tag.name !== 'svg') return;
    const quasis = node.quasi.quasis.map((q) => ({ start: q.start, end: q.end, raw: q.value.raw }));
    if (quasis.some((q) => /<(pre|textarea)\b/i.test(q.raw))) return;
    templates.push(quasis.filter((q) => code.slice(q.start, q.end) === q.raw));
  });
  return templates;
}

/** Whether the module at `id` is one of ours whose templates are trimmed (not {@link KEEP}'s, not a package's). */
export function trimsHtmlOf(id) {
  const path = id.replace(/\\/g, '/');
  return !/node_modules/.test(path) && !KEEP.test(path);
}

/** The rollup plugin: each html`…` and svg`…` template's quasis trimmed ({@link trimHtmlText}). */
export function minifyHtmlTemplates() {
  return {
    name: 'minify-html-templates',
    transform(code, id) {
      if (!/\b(html|svg)\s*`/.test(code) || !trimsHtmlOf(id)) return null;
      const edits = htmlTemplates(code, this.parse(code))
        .flat()
        .map((q) => ({ start: q.start, end: q.end, text: trimHtmlText(q.raw) }))
        .filter((e) => e.text !== code.slice(e.start, e.end));
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.sort((x, y) => y.start - x.start))
        out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      // Lines are unchanged, so the module's source map stays valid line by line.
      return { code: out, map: null };
    },
  };
}
