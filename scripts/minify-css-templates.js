// Shrinks the text of Lit's css`…` templates in the bundle (rollup.config.js): terser keeps template
// literals verbatim, so every style sheet shipped with its indentation and comments (issue #12: about
// 23 KB of the eager part's text was CSS). Each template keeps its number of lines, so the source maps' lines
// stay right.

/**
 * The CSS text of one template quasi, minified: comments dropped, runs of spaces collapsed, lines
 * trimmed, no space around `{ } ; ,` or after `:`, no `;` before `}`. A line that sets a custom
 * property keeps its value's text (CSS keeps such values verbatim); a line using `var()` loses only the
 * spaces between its declarations (around `{ } ;` and after a property's `:`), not those in a value.
 * Strings (`"…"`, `'…'`) are kept as they are. The quasi's first line keeps its leading and its last
 * line its trailing space: a `${…}` may sit there, where a space is a descendant combinator.
 * A line break after `{ } ;` (or a `,` with no custom property or `var()` on either side), or before an
 * empty line, is dropped, and as many are added at the start of the quasi's last line: the quasi keeps its number of lines, so the
 * bundle's source maps stay right for the code after it (only the CSS's own lines move, to its first).
 * @param {string} text
 * @returns {string}
 */
export function minifyCssText(text) {
  const lines = withoutComments(text).split('\n');
  const min = lines.map((line, n) => {
    // Trimmed only next to a line break, never at the quasi's own ends.
    let out = n > 0 ? line.replace(/^[ \t\r\f]+/, '') : line;
    if (n < lines.length - 1) out = out.replace(/[ \t\r\f]+$/, '');
    // A custom property's value is kept as written: CSS keeps it as its text, spaces included.
    const declaration = /^([\w-]+)[ \t]*:[ \t]*/.exec(out);
    if (/^--/.test(out)) return declaration ? `${declaration[1]}:${out.slice(declaration[0].length)}` : out;
    const usesVar = /var\(/.test(out);
    return splitStrings(out)
      .map((piece, i) =>
        i % 2 === 1
          ? piece
          : usesVar
            ? // A value with var() is kept as its text until the variables are substituted: only the
              // spaces around `{ } ;` and after a property's `:` go (a value's own ends are trimmed anyway).
              piece
                .replace(/[ \t\r\f]+/g, ' ')
                .replace(/ ?([{};]) ?/g, '$1')
                .replace(/(^|[{;])([\w-]+): /g, '$1$2:')
            : piece
                .replace(/[ \t\r\f]+/g, ' ')
                .replace(/ ?([{};,]) ?/g, '$1')
                .replace(/: /g, ':'),
      )
      .join('');
  });
  // Line breaks that separate nothing: after a rule's or declaration's end, a list's comma (not in a
  // value kept as its text), or next to an empty line.
  let joined = min[0];
  let before = min[0]; // the last line with text
  let dropped = 0;
  for (let n = 1; n < min.length; n++) {
    const line = min[n];
    const comma = /,$/.test(before) && !/^--|var\(/.test(before) && !/var\(/.test(line);
    if (n < min.length - 1 && (line === '' || /[{};]$/.test(before) || comma)) {
      dropped++;
      joined += line;
    } else joined += `${'\n'.repeat(n < min.length - 1 ? 1 : dropped + 1)}${line}`;
    if (line !== '') before = line;
  }
  return joined.replace(/;(\n*)\}/g, '$1}');
}

/** `text` split into code and strings, alternately (strings at odd indexes, quotes included). */
function splitStrings(text) {
  const pieces = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const quote = text[i];
    if (quote !== '"' && quote !== "'") continue;
    let j = i + 1;
    while (j < text.length && text[j] !== quote) j += text[j] === '\\' ? 2 : 1;
    pieces.push(text.slice(from, i), text.slice(i, j + 1));
    from = i = j + 1;
    i--;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** `text` without its comments, each replaced by its line breaks; strings are kept as they are. */
function withoutComments(text) {
  let out = '';
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      out += text.slice(i, end).replace(/[^\n]/g, '');
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Calls `visit` on every node of an ESTree AST. */
export function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (Array.isArray(value)) for (const child of value) walk(child, visit);
    else if (value && typeof value === 'object' && typeof value.type === 'string') walk(value, visit);
  }
}

/**
 * The rollup plugin: in every module that imports `css` from Lit, the quasis of `css`-tagged
 * templates are replaced by their minified text. A quasi whose text the AST does not locate exactly
 * is left alone.
 */
export function minifyCssTemplates() {
  return {
    name: 'minify-css-templates',
    transform(code, id) {
      if (!/\bcss\s*`/.test(code) || /node_modules/.test(id)) return null;
      const edits = [];
      walk(this.parse(code), (node) => {
        if (node.type !== 'TaggedTemplateExpression' || node.tag.type !== 'Identifier' || node.tag.name !== 'css')
          return;
        for (const quasi of node.quasi.quasis) {
          const raw = quasi.value.raw;
          if (code.slice(quasi.start, quasi.end) !== raw) continue;
          const min = minifyCssText(raw);
          if (min !== raw) edits.push({ start: quasi.start, end: quasi.end, text: min });
        }
      });
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.sort((a, b) => b.start - a.start))
        out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      // Lines are unchanged, so the module's source map stays valid line by line.
      return { code: out, map: null };
    },
  };
}
