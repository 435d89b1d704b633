// `node scripts/check-manifest.js` (CI runs it after the manifest freshness check in .ci/run):
// custom-elements.json lists the public API and nothing else, and documents every part and CSS
// custom property the code uses. It fails (exit 1) on
//   - private or internal members and attributes (`#x`, `_x`, private/protected),
//   - events without a kebab-case name or without a detail type (`@fires {Type} name - …`),
//   - a `part="…"` (or an `exportparts` name, or `setAttribute('part', '…')`) in components/ that no element
//     documents (`@csspart`),
//   - a `--kline-*` / `--agent-panel-*` property in components/ or src/render/ that no element
//     documents (`@cssprop`),
//   - a part or property of `<kline-chart>` / `<chart-agent-panel>` missing from the README's
//     "Theming" section,
//   - an attribute, event or public member of either element that README.md or docs/contracts.md does not name.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8'));
const problems = [];

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const isPrivate = (name) => /^[#_]/.test(name ?? '');
const documentedParts = new Set();
const documentedProps = new Set();
const publicElements = new Map();

for (const mod of manifest.modules ?? []) {
  for (const d of mod.declarations ?? []) {
    if (!d.tagName) continue;
    const where = `<${d.tagName}> (${mod.path})`;
    for (const m of d.members ?? [])
      if (isPrivate(m.name) || m.privacy === 'private' || m.privacy === 'protected')
        problems.push(`${where}: private member '${m.name}' is in the manifest`);
    for (const a of d.attributes ?? [])
      if (isPrivate(a.name) || isPrivate(a.fieldName))
        problems.push(`${where}: private field '${a.fieldName ?? a.name}' is listed as an attribute`);
    for (const e of d.events ?? []) {
      if (typeof e.name !== 'string' || !/^[a-z]+(-[a-z]+)+$/.test(e.name))
        problems.push(`${where}: event '${e.name}' is not a real event name (a variable passed to CustomEvent?)`);
      else if (!e.type?.text) problems.push(`${where}: event '${e.name}' has no detail type (@fires {Type} name)`);
    }
    for (const p of d.cssParts ?? []) documentedParts.add(p.name);
    for (const p of d.cssProperties ?? []) documentedProps.add(p.name);
    if (d.tagName === 'kline-chart' || d.tagName === 'chart-agent-panel') publicElements.set(d.tagName, d);
  }
}

const usedParts = new Map();
const usedProps = new Map();
const note = (map, name, file) => {
  if (!map.has(name)) map.set(name, relative(root, file));
};
for (const file of [...sourceFiles(join(root, 'components')), ...sourceFiles(join(root, 'src', 'render'))]) {
  const text = readFileSync(file, 'utf8');
  if (file.includes(`${join(root, 'components')}`)) {
    for (const m of text.matchAll(/\bpart="([^"$]+)"/g)) for (const p of m[1].split(/\s+/)) note(usedParts, p, file);
    // A part set from script (chart-tooltip.ts builds its box with the DOM API).
    for (const m of text.matchAll(/setAttribute\(\s*'part',\s*'([^']+)'\s*\)/g))
      for (const p of m[1].split(/\s+/)) note(usedParts, p, file);
    const computed = text.match(/\bpart=\$\{/g)?.length ?? 0;
    if (computed > 0)
      problems.push(
        `${relative(root, file)}: ${computed} computed part name(s) (part=\${…}) cannot be checked; use literal names`,
      );
    for (const m of text.matchAll(/\bexportparts="([^"]+)"/g))
      for (const pair of m[1].split(',')) note(usedParts, pair.split(':').pop().trim(), file);
    // components/kline-chart/kline-chart.ts builds its `exportparts` values: exportParts('prefix', 'a b …') names
    // prefix-a, prefix-b, …
    for (const m of text.matchAll(/\bexportParts\(\s*'([^']+)',\s*'([^']+)',?\s*\)/g))
      for (const p of m[2].split(/\s+/)) note(usedParts, `${m[1]}-${p}`, file);
    const unread = text.match(/\bexportparts=\$\{(?!(?:[A-Z]+_PARTS)\})/g)?.length ?? 0;
    if (unread > 0)
      problems.push(
        `${relative(root, file)}: ${unread} exportparts=\${…} value(s) not built by exportParts(); use literal names`,
      );
  }
  for (const m of text.matchAll(/--(?:kline|agent-panel)-[a-z0-9-]*[a-z0-9]/g)) note(usedProps, m[0], file);
}
for (const [name, file] of usedParts)
  if (!documentedParts.has(name)) problems.push(`part '${name}' (${file}) is not documented with @csspart`);
for (const [name, file] of usedProps)
  if (!documentedProps.has(name)) problems.push(`CSS property '${name}' (${file}) is not documented with @cssprop`);

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const theming = /^## Theming\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
if (!theming) problems.push('README.md has no "## Theming" section');
else
  for (const [tag, d] of publicElements) {
    for (const p of d.cssParts ?? [])
      if (!theming.includes(`\`${p.name}\``))
        problems.push(`README Theming: part '${p.name}' of <${tag}> is not listed`);
    for (const p of d.cssProperties ?? [])
      if (!theming.includes(`\`${p.name}\``))
        problems.push(`README Theming: CSS property '${p.name}' of <${tag}> is not listed`);
  }

// Every attribute, event and public member of the two elements is named in the README and in docs/contracts.md
// (as `name`, `name(…)` or `name = …`), so neither document falls behind the code.
const contracts = readFileSync(join(root, 'docs', 'contracts.md'), 'utf8');
const isNamed = (text, name) =>
  text.includes(`\`${name}\``) || text.includes(`\`${name}(`) || text.includes(`\`${name} =`);
for (const [tag, d] of publicElements) {
  const names = [
    ...(d.attributes ?? []).map((a) => ['attribute', a.name]),
    ...(d.events ?? []).map((e) => ['event', e.name]),
    ...(d.members ?? [])
      .filter(
        (m) => !m.static && !m.attribute && !isPrivate(m.name) && m.privacy !== 'private' && m.privacy !== 'protected',
      )
      .map((m) => [m.kind ?? 'member', m.name]),
  ];
  for (const [kind, name] of names)
    for (const [doc, text] of [
      ['README.md', readme],
      ['docs/contracts.md', contracts],
    ])
      if (name && !isNamed(text, name)) problems.push(`${doc}: ${kind} '${name}' of <${tag}> is not named`);
}

if (problems.length) {
  console.error(`custom-elements.json check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `custom-elements.json: public API only; ${usedParts.size} parts and ${usedProps.size} CSS properties used, all documented; every attribute, event and member named in the README and docs/contracts.md`,
);
