// ESLint rule `local/no-import-cycles`: no module of the library may reach itself through relative imports.
//
// Unlike eslint-plugin-import-x's `no-cycle`, `import type` edges COUNT: a type-only circle erases at compile
// time, but it still ties the modules into one unit that cannot be read, tested or moved apart — the
// architectural coupling the layering rules in docs/architecture.md are about (issue #18 named such a circle
// among src/core/commands/*, which is type-only).
//
// The graph is read from disk once per ESLint process (the linted file's own imports come from its AST, so an
// editor sees its edits at once). Only relative specifiers are followed; `x.js` resolves to `x.ts`.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** @type {Map<string, string[]>} module file → the module files it imports */
const graphCache = new Map();
/** @type {Set<string>} roots already read into graphCache */
const readRoots = new Set();

/** `spec` from `fromFile`, as an existing .ts file, or null (bare specifiers and non-source files). */
function resolveSpecifier(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), `${base}.ts`, path.join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The relative imports and re-exports of a file on disk (value and type alike). */
function importsOnDisk(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const targets = [];
  for (const statement of source.statements) {
    const spec =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null;
    const target = spec === null ? null : resolveSpecifier(file, spec);
    if (target) targets.push(target);
  }
  return targets;
}

function readRoot(root) {
  if (readRoots.has(root)) return;
  readRoots.add(root);
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !graphCache.has(full)) {
        graphCache.set(full, importsOnDisk(full));
      }
    }
  };
  if (fs.existsSync(root)) walk(root);
}

/** Shortest import path from `start` back to `goal` (both included), or null. */
function shortestPath(start, goal, edgesOf) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of edgesOf(node)) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      if (next === goal) {
        const route = [goal];
        for (let at = node; at !== null; at = previous.get(at)) route.unshift(at);
        return route;
      }
      queue.push(next);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid relative import cycles (type-only imports included) under the given roots.' },
    schema: [
      {
        type: 'object',
        properties: { roots: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import cycle: {{route}}' },
  },
  create(context) {
    const cwd = context.cwd;
    const roots = (context.options[0]?.roots ?? ['src', 'components']).map((root) => path.resolve(cwd, root));
    const file = context.physicalFilename;
    if (!roots.some((root) => file.startsWith(root + path.sep))) return {};
    for (const root of roots) readRoot(root);
    const inRoots = (target) => roots.some((root) => target.startsWith(root + path.sep));
    const edgesOf = (node) => (graphCache.get(node) ?? []).filter(inRoots);
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolveSpecifier(file, node.source.value);
      if (!target || !inRoots(target) || target === file) return;
      const back = shortestPath(target, file, edgesOf);
      if (!back) return;
      const route = [file, ...back].map((f) => path.relative(cwd, f)).join(' → ');
      context.report({ node: node.source, messageId: 'cycle', data: { route } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
