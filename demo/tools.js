// The tool reference, built at runtime from a chart's registry so it never drifts from the code.
// Everything is made with createElement/textContent: descriptions are data, never markup.
import '/dist/kline-chart.js';

const chart = document.getElementById('reference-chart');
const container = document.getElementById('tools');
const toc = document.getElementById('toc');
const filter = document.getElementById('filter');
const count = document.getElementById('count');

/** `el('td', { className: 'req' }, 'yes')` */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key in node) node[key] = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function whenReady(element) {
  if (element.context?.get()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    element.addEventListener('kline-ready', () => resolve(), { once: true });
    element.addEventListener(
      'kline-error',
      (e) => {
        if (!element.context?.get()) reject(new Error(e.detail?.message ?? 'the chart failed to load'));
      },
      { once: true },
    );
  });
}

/** A JSON schema's type as a reader says it: `string`, `integer`, `string | number`, `object`, `array of object`. */
function typeText(schema) {
  if (!schema || typeof schema !== 'object') return 'any';
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(typeText).join(' | ');
  if (schema.type === 'array') return `array of ${typeText(schema.items)}`;
  if (schema.type === 'object' && schema.additionalProperties && !schema.properties) return 'object (map)';
  return schema.type ?? 'any';
}

/** Bounds and allowed values: `1 – 1000`, `≤ 64 chars`, `1 – 10 items`, `one of: a, b`. */
function boundsText(schema) {
  const parts = [];
  if (Array.isArray(schema.enum)) parts.push(`one of: ${schema.enum.join(', ')}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    parts.push(`${schema.minimum ?? '−∞'} – ${schema.maximum ?? '∞'}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    parts.push(`${schema.minLength ?? 0} – ${schema.maxLength ?? '∞'} chars`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    parts.push(`${schema.minItems ?? 0} – ${schema.maxItems ?? '∞'} items`);
  if (schema.items && Array.isArray(schema.items.enum)) parts.push(`items one of: ${schema.items.enum.join(', ')}`);
  if (schema.pattern) parts.push(`pattern ${schema.pattern}`);
  return parts.join('; ');
}

/** One row per property, nested objects and arrays of objects flattened as `style.color`, `points[].time`. */
function parameterRows(schema, prefix = '', rows = []) {
  const required = new Set(schema.required ?? []);
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    rows.push({ path, schema: prop, required: required.has(name) });
    if (prop.type === 'object' && prop.properties) parameterRows(prop, `${path}.`, rows);
    if (prop.type === 'array' && prop.items?.type === 'object' && prop.items.properties)
      parameterRows(prop.items, `${path}[].`, rows);
  }
  return rows;
}

function parameterTable(schema) {
  const rows = parameterRows(schema);
  if (rows.length === 0) return el('p', { className: 'none' }, 'No parameters.');
  const head = el(
    'tr',
    {},
    ...['Name', 'Type', 'Required', 'Default', 'Bounds / values', 'Description'].map((h) =>
      el('th', { scope: 'col' }, h),
    ),
  );
  const body = rows.map(({ path, schema: p, required }) =>
    el(
      'tr',
      {},
      el('td', {}, el('code', {}, path)),
      el('td', { className: 'mono' }, typeText(p)),
      el('td', { className: required ? 'req' : '' }, required ? 'yes' : 'no'),
      el('td', { className: 'mono' }, p.default === undefined ? '' : JSON.stringify(p.default)),
      el('td', {}, boundsText(p)),
      el('td', {}, p.description ?? ''),
    ),
  );
  return el('table', {}, el('thead', {}, head), el('tbody', {}, ...body));
}

function toolSection(entry, descriptor) {
  const live = descriptor.description.startsWith(entry.description)
    ? descriptor.description.slice(entry.description.length).trim()
    : '';
  return el(
    'section',
    {
      className: 'tool',
      id: entry.name,
      dataset: { search: `${entry.name} ${entry.label} ${entry.description}`.toLowerCase() },
    },
    el(
      'h2',
      {},
      el('code', {}, entry.name),
      el('span', { className: 'label' }, entry.label),
      el('span', { className: `badge ${entry.safety}` }, entry.safety),
      el('span', { className: 'badge' }, entry.executionMode),
      entry.kind === 'host' ? el('span', { className: 'badge host' }, 'host tool') : null,
    ),
    el('p', { className: 'description' }, entry.description),
    live ? el('p', { className: 'live', title: 'Appended when a port lists tools' }, live) : null,
    parameterTable(descriptor.parameters),
    el(
      'details',
      {},
      el('summary', {}, 'JSON schema sent to models'),
      el('pre', {}, JSON.stringify(descriptor.parameters, null, 2)),
    ),
  );
}

function applyFilter() {
  const words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const section of container.querySelectorAll('section.tool')) {
    const match = words.every((w) => section.dataset.search.includes(w));
    section.hidden = !match;
    toc.querySelector(`a[href="#${section.id}"]`).hidden = !match;
    if (match) shown++;
  }
  count.textContent = `${shown} of ${container.querySelectorAll('section.tool').length} tools`;
}

async function build() {
  await whenReady(chart);
  const entries = chart.tools.list();
  const descriptors = new Map(chart.tools.describe().map((d) => [d.name, d]));
  container.replaceChildren(...entries.map((entry) => toolSection(entry, descriptors.get(entry.name))));
  toc.replaceChildren(...entries.map((entry) => el('a', { href: `#${entry.name}` }, entry.name)));
  container.setAttribute('aria-busy', 'false');
  filter.addEventListener('input', applyFilter);
  applyFilter();
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

build().catch((error) => {
  container.replaceChildren(
    el('p', { className: 'failed', role: 'alert' }, `Could not read the registry: ${error.message}`),
  );
});
