// Bundles the compiled output (build/, from `tsc`) into dist/: kline-chart.js, the one module a page
// includes, defines both elements; what the first paint does not need (the panel, dialogs, the model
// client) is in dist/chunks/, loaded from beside it. `npm run build` then prints the sizes and checks
// the eager budget (scripts/bundle-sizes.js).
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifyCssTemplates } from './scripts/minify-css-templates.js';
import { COMPILE_HINT } from './scripts/bundle-sizes.js';
import { applyEdits, UPLOT_PX_RATIO_EDITS } from './scripts/uplot-px-ratio.js';

/** TypeBox's `CreateType` body (whitespace folded) that the bundle's own replaces. */
const CREATE_TYPE_BODY =
  "const result = options !== undefined ? { ...options, ...schema } : schema; switch (TypeSystemPolicy.InstanceMode) { case 'freeze': return Immutable(result); case 'clone': return Clone(result); default: return result; }";

const TYPEBOX_SHIM = fileURLToPath(new URL('./scripts/typebox-bundle-shim.js', import.meta.url));

/**
 * Routes the library's own `import { Type } from '@sinclair/typebox'` to the JSON-shape builders
 * (scripts/typebox-bundle-shim.js → src/core/tools/json-type.ts), so the bundle carries only the
 * TypeBox builders it uses. The shim, json-type.js and json-type-builders.js get the real package.
 */
function slimTypeBox() {
  return {
    name: 'slim-typebox',
    resolveId(source, importer) {
      if (source !== '@sinclair/typebox' || !importer) return null;
      if (importer === TYPEBOX_SHIM || /node_modules|json-type(-builders)?\.js$/.test(importer)) return null;
      return TYPEBOX_SHIM;
    },
    load(id) {
      // Every builder ends in `CreateType`, which freezes or clones the schema when
      // `TypeSystemPolicy.InstanceMode` says so. Nothing in the bundle sets it (the bundle does not export
      // `TypeSystemPolicy`), so it is always `default`: the schema as it is. Written so, `CreateType` no
      // longer reads the policy, and the policy, the value guards, `Clone` and `Immutable` leave the eager
      // part (issue #12; scripts/bundle-sizes.js LAZY_ONLY checks it).
      if (!id.replace(/\\/g, '/').endsWith('/@sinclair/typebox/build/esm/type/create/type.mjs')) return null;
      // An upgrade that changes what `CreateType` does fails the build rather than slimming it wrong.
      const original = readFileSync(id, 'utf8').replace(/\s+/g, ' ');
      if (!original.includes(CREATE_TYPE_BODY))
        throw new Error(`TypeBox's CreateType changed (${id}): review slimTypeBox`);
      return 'export function CreateType(schema, options) {\n  return options !== undefined ? { ...options, ...schema } : schema;\n}\n';
    },
  };
}

/**
 * uPlot attaches every path builder and helper it ships to its default export (`uPlot.paths.bars`,
 * `.stepped`, `.spline`, `uPlot.join`, `uPlot.fmtDate`, …), so none of them can be tree-shaken, and
 * builds its time-axis formatters in every constructor. The chart draws its series with its own
 * painters and uPlot's default `linear` path, never joins tables, labels its time axis itself
 * (src/render/time-ticks.ts: every scale has `time: false`), never shows uPlot's legend
 * (`legend: { show: false }`), never uses the scatter mode (`mode: 2`), series focus, drag selection,
 * cursor points or bands. So the bundle rewrites
 * those places to constants and rollup drops the code only they kept (issue #12). Each edit names how
 * often its text must occur; the build fails if uPlot's file no longer matches, so an upgrade cannot
 * slim it silently wrong. Every `new uPlot` (src/render/pane-plot.ts, first-plot-decoy.ts) keeps to it.
 */
const UPLOT_EDITS = [
  // Path builders and helpers the chart never calls.
  { from: '\tuPlot.join = join;\n', to: '', count: 1 },
  { from: '\t(paths.stepped = stepped);\n', to: '', count: 1 },
  { from: '\t(paths.bars    = bars);\n', to: '', count: 1 },
  { from: '\t(paths.spline  = monotoneCubic);\n', to: '', count: 1 },
  // Only the time-series mode (mode 1).
  { from: '\t\tmode: ifNull(opts.mode, 1),\n', to: '\t\tmode: 1,\n', count: 1 },
  { from: '\tconst mode = self.mode;\n', to: '\tconst mode = 1;\n', count: 1 },
  { from: '\tconst mode = u.mode;\n', to: '\tconst mode = 1;\n', count: 1 },
  { from: '\tlet mode = self.mode;\n', to: '\tlet mode = 1;\n', count: 1 },
  // No uPlot legend.
  { from: '\tconst showLegend = legend.show;\n', to: '\tconst showLegend = false;\n', count: 1 },
  // No time scales: uPlot's date formatting, time increments and time-axis splits go.
  { from: 'let isTime = sc.time;', to: 'let isTime = false;', count: 2 },
  { from: 'let isTime = mode == 1 && scales[s.scale].time;', to: 'let isTime = false;', count: 1 },
  {
    from: 'const [ timeIncrsMs, _timeAxisStampsMs, timeAxisSplitsMs ] = genTimeStuffs(1);\nconst [ timeIncrsS,  _timeAxisStampsS,  timeAxisSplitsS  ] = genTimeStuffs(1e-3);\n',
    to: '',
    count: 1,
  },
  {
    from: '\tconst _tzDate  = (opts.tzDate || (ts => new Date(round(ts / ms))));\n\tconst _fmtDate = (opts.fmtDate || fmtDate);\n\n\tconst _timeAxisSplits = (ms == 1 ? timeAxisSplitsMs(_tzDate) : timeAxisSplitsS(_tzDate));\n\tconst _timeAxisVals   = timeAxisVals(_tzDate, timeAxisStamps((ms == 1 ? _timeAxisStampsMs : _timeAxisStampsS), _fmtDate));\n\tconst _timeSeriesVal  = timeSeriesVal(_tzDate, timeSeriesStamp(_timeSeriesStamp, _fmtDate));\n',
    to: '',
    count: 1,
  },
  // No series focus under the cursor (every plot has `focus: { prox: -1 }`).
  { from: '\tconst cursorFocus = focus.prox >= 0;\n', to: '\tconst cursorFocus = false;\n', count: 1 },
  // No drag selection (`select: { show: false }`, `drag: { x: false, y: false, setScale: false }`):
  // the chart pans and selects ranges itself (pan-zoom-controller.ts, drawing-layer-input.ts).
  { from: 'select.show', to: 'false', count: 6 },
  { from: '\t\tif (drag.setScale && hasSelect && chgSelect) {\n', to: '\t\tif (false) {\n', count: 1 },
  // No cursor points (`cursor.points.show` is false): the crosshair's per-series dots are never sized.
  { from: '\t\t\t\t\tif (shouldSetLegend || cursorOnePt) {\n', to: '\t\t\t\t\tif (false) {\n', count: 1 },
  // No bands (no plot is given `bands`): clouds are painted by src/render/paint-cloud.ts.
  {
    from: 'let [ bandFillDir, bandClipDir ] = bandFillClipDirs(u, seriesIdx);',
    to: 'let [ bandFillDir, bandClipDir ] = [0, 0];',
    count: 3,
  },
  { from: '\t\tflags != 0 && bands.forEach((b, bi) => {\n', to: '\t\tfalse && bands.forEach((b, bi) => {\n', count: 1 },
  { from: '\tuPlot.fmtDate = fmtDate;\n\tuPlot.tzDate  = tzDate;\n', to: '', count: 1 },
];
/** What uPlot's removed time code declared: only branches the edits made unreachable named them. */
const UPLOT_GONE =
  /\b(_tzDate|_fmtDate|_timeAxisSplits|_timeAxisVals|_timeSeriesVal|timeIncrsMs|timeIncrsS|_timeAxisStampsMs|_timeAxisStampsS)\b/;
function slimUplot() {
  return {
    name: 'slim-uplot',
    transform(code, id) {
      if (!/uplot[\\/]dist[\\/]uPlot\.esm\.js$/.test(id)) return null;
      // First the per-plot pixel ratio (scripts/uplot-px-ratio.js), which the tests' uPlot has too.
      let out;
      try {
        out = applyEdits(code, UPLOT_PX_RATIO_EDITS);
      } catch (e) {
        this.error(`slim-uplot: ${e.message}`);
      }
      for (const { from, to, count } of UPLOT_EDITS) {
        const found = out.split(from).length - 1;
        if (found !== count)
          this.error(
            `slim-uplot: uPlot has ${found} × ${JSON.stringify(from)}, expected ${count}; update rollup.config.js`,
          );
        out = out.split(from).join(to);
      }
      return { code: out, map: null };
    },
    // After tree-shaking, before terser: code the edits left unreachable is gone, so no chunk may
    // still name what they removed (it would be an undefined global at run time).
    renderChunk(code, chunk) {
      const dangling = UPLOT_GONE.exec(code);
      if (dangling)
        this.error(`slim-uplot: ${chunk.fileName} still uses uPlot's ${dangling[1]}; update rollup.config.js`);
      return null;
    },
  };
}

const LAZY_STUDIES = fileURLToPath(new URL('./build/src/core/indicators/lazy-indicator-registry.js', import.meta.url));
const LAZY_TOOL_BINDER = fileURLToPath(new URL('./build/src/core/tools/lazy-tool-binder.js', import.meta.url));
const LAZY_PARAM_ERRORS = fileURLToPath(new URL('./build/src/core/indicators/lazy-param-errors.js', import.meta.url));

/**
 * In the bundle the default indicator registry is the lazy one (src/core/indicators/
 * lazy-indicator-registry.ts): every built-in study is a chunk of its own, loaded when first used,
 * instead of all 52 in the entry (issue #12). Node keeps the eager default-indicator-registry.ts.
 * Likewise the words of a refused study parameter (src/core/indicators/lazy-param-errors.ts) are a
 * chunk: Node keeps default-param-errors.ts. And binding `@tool` methods comes with the built-in tools
 * (src/core/tools/lazy-tool-binder.ts; Node keeps default-tool-binder.ts).
 */
function lazyStudies() {
  return {
    name: 'lazy-studies',
    resolveId(source) {
      if (/(^|\/)default-param-errors\.js$/.test(source)) return LAZY_PARAM_ERRORS;
      if (/(^|\/)default-tool-binder\.js$/.test(source)) return LAZY_TOOL_BINDER;
      return /(^|\/)default-indicator-registry\.js$/.test(source) ? LAZY_STUDIES : null;
    },
  };
}

/** Empties dist/ first, so no chunk of an earlier build is left beside the new one. */
function cleanDist() {
  return {
    name: 'clean-dist',
    buildStart() {
      rmSync('dist', { recursive: true, force: true });
    },
  };
}

/**
 * The published bundle is the production build: components/i18n/dev-mode.js says so, and terser
 * then drops the development-only warnings (a missing translation key). See docs/contracts.md.
 */
function productionFlags() {
  return {
    name: 'production-flags',
    transform(code, id) {
      if (!/components[\\/]i18n[\\/]dev-mode\.js$/.test(id)) return null;
      return { code: code.replace('export const DEVELOPMENT = true;', 'export const DEVELOPMENT = false;'), map: null };
    },
  };
}

function chunkName(chunk) {
  const id = chunk.facadeModuleId ?? '';
  const m = /components\/([\w-]+)\/define\.js$/.exec(id);
  if (m) return m[1];
  const locale = /components\/i18n\/locales\/([\w-]+)\.js$/.exec(id);
  if (locale) return `locale-${locale[1]}`;
  // Another module loaded by import() from a component folder: named after its file
  // (components/kline-chart/drawing-layer-parts.js → chunks/drawing-layer-parts-<hash>.js).
  const own = /components\/[\w-]+\/([\w-]+)\.js$/.exec(id);
  if (own && chunk.isDynamicEntry) return own[1];
  // A chunk shared by lazy ones: named after the component folder most of its modules are in.
  const counts = new Map();
  for (const moduleId of chunk.moduleIds) {
    const folder = /components\/([\w-]+)\//.exec(moduleId)?.[1];
    if (folder) counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : chunk.name;
}

export default {
  // Lazy chunks import what they share with the chart from the entry itself (no facade hop).
  preserveEntrySignatures: 'allow-extension',
  input: { 'kline-chart': 'build/components/kline-chart-agent.js' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    // Content-hashed, so a page can never mix chunks of two versions; named after the folder of
    // the module that starts the chunk (components/<name>/define.js → chunks/<name>-<hash>.js).
    chunkFileNames: (chunk) => `chunks/${chunkName(chunk)}-[hash].js`,
    // V8's compile hint (COMPILE_HINT in scripts/bundle-sizes.js; a comment to other engines): the
    // entry's functions compile with the script, on the streaming thread while it downloads, instead
    // of one by one on the main thread when the first paint first calls them. Measured on the bench
    // page: first paint -30 % at 10k and 100k bars, time to first candle of a cold page (CPU x4) -7 %,
    // heap at 1M bars +0.2 MB (README "Size and speed"). Lazy chunks keep lazy compilation: most of
    // their code waits for a click.
    banner: (chunk) => (chunk.isEntry ? COMPILE_HINT : ''),
    sourcemap: true,
  },
  plugins: [
    cleanDist(),
    slimTypeBox(),
    slimUplot(),
    lazyStudies(),
    productionFlags(),
    minifyCssTemplates(),
    nodeResolve({ browser: true, exportConditions: ['browser', 'production', 'default'] }),
    // Terser keeps the compile hint (the banner) and drops every other comment
    // (a regular expression: the plugin sends its options to worker threads, where a function's closure is lost).
    terser({ format: { comments: new RegExp(`^${COMPILE_HINT.slice(2)}$`) }, ecma: 2022, module: true }),
  ],
  onwarn(warning, warn) {
    // TypeBox's ESM build carries TS helpers that reference top-level `this`; harmless.
    if (warning.code === 'THIS_IS_UNDEFINED') return;
    if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
    warn(warning);
  },
};
