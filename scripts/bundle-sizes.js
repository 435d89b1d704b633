// Sizes of the built bundle: the eager part (dist/kline-chart.js and every chunk it imports
// statically, transitively) and each lazy chunk, minified bytes and gzip -9 bytes.
// `node scripts/bundle-sizes.js --budget` (run by `npm run build`) prints them and exits non-zero
// when the eager gzip size exceeds BUDGET_GZIP_BYTES or TypeBox's value modules are back in the
// eager part (LAZY_ONLY), or the entry lost its compile hint (COMPILE_HINT); bench/run.js imports
// measureBundle().
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * V8's compile hint (Chromium 136+; a comment to other engines): the entry's first line, so its
 * functions compile with the script on the streaming thread rather than on first call during the
 * first paint (rollup.config.js puts it there; `--budget` checks it is the first line, the only
 * place V8 reads it).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The eager gzip budget: the achieved size plus about 1.5 KB. Lower it when the bundle shrinks. */
export const BUDGET_GZIP_BYTES = 80_306; // 78,806 on 2026-12-07 (session 27) after the chart's rarely used actions became one chunk fetched after the first paint (chart-actions.ts with the legend roving and the toolbars' arrow keys: -617 B), uPlot lost its default axis labels and their NumberFormat, static ticks, cursor points, focus dimming, axis borders, label alignment, derived scales, ids, selection and automatic padding (-876 B), words only chunks show joined chart-more-strings.ts (-151 B), the failed-call English sentences became a chunk for other locales, a stepper's scalars and three helpers left the entry, the call hooks joined the tools chunk (-381 B), the autosave start, the overlay input's host and the separators' commands (-264 B), the log/percent ticks (-33 B), less the touch targets (+57 B) and the stable chip row and symbol button (+7 B): -2,224 B gzip, + 1.5 KB. Before: 86,778 = 85,278 on 2026-12-07 (session 22, pass 2) after dead uPlot rules went and the search, comparison-legend and drag-cursor styles joined their chunks (-262 B), render code compacted (time-tick levels as one table, required pane options, localPoint lazy: -279 B), kline-chart.ts compacted (exportparts built once, key handler by name, fields left undefined: -155 B), less the price axis's touch hold before the input chunk and the separators' single notice (+91 B), the click guard for a chart inside a link and its inline-flex root (+99 B) and the prefers-contrast button edges (+~30 B): -473 B gzip, + 1.5 KB. Before: 87,251 = 85,751 on 2026-12-07 (session 22) after what a press, drag, wheel or key on the plot does, the price axis's pointer handling and the separators' listeners joined the input chunk (-841 B with the More button's aria-expanded at once), uPlot lost its default y ranges, double-click and default log ticks and the Ichimoku cloud joined the pane-extras chunk (-1,216 B), the agent handshake's answer and a comparison's data became chunks and a run's revert check joined its chunk (-754 B), the overlay's primitive press, the symbol search and one AbortController per connection (-495 B), asking the page for bars and compacted loads (-397 B), one bar's fault in words and civil dates (-312 B), and the registries' chunk-only code (-237 B), less the theme watcher's slot and definition hooks (+125 B): -4,074 B gzip in all, + 1.5 KB. Before: 91,269 = 89,769 on 2026-12-07 (session 21) after the bundle's uPlot lost what no chart option reaches (asinh/ordinal scales, vertical or reversed axes, setSeries, hover indexes, gaps, fills, plugins, axis titles and rotation, load-time date tables: -2,915 B), lit-html's part helpers and signal-polyfill's introspection left the entry (-429 B), the built-in studies' loaders, param-error words, a layout's study loading and tool binding went into chunks (-2,336 B), the price-axis drag, the More menu, drawing and overlay layer interaction, the settings popover, the shortcut list, image actions, capture and the comparisons legend did too (-1,744 B), Heikin-Ashi and the line/area painter joined the scales' chunk (-330 B), and bars painted as rectangles, a first paint without a thrown-away pane draw, the theme watcher on every ancestor and the input chunk's notices (+~350 B): -7,413 B gzip in all, + 1.5 KB. Before: 98,549 = 97,049 on 2026-12-07 (session 20, pass 2) after what chunks alone use left modules the entry imports: a slice of the bars and one bar as an object (slice-bars.ts, -106 B), a source's refusal quoting text (quote-text.ts, -99 B), the EMA kernel only lazy studies run (kernels/ema.ts; MACD keeps ema-k.ts, -179 B) and the @tool decorator (registered-chart-tools.ts keeps what it declared, -105 B): -496 B gzip, + 1.5 KB. Before: 99,045 = 97,545 on 2026-12-07 (session 20) after what the core's first paint never calls went into chunks loaded on first use: reading a source's bars, folding the host's bars, older history, a run's undo, moving a price line, aligning comparisons, a host tool's call, times as text and a day number's fields (-3,247 B with the splits of market-time, civil-date and validate-bars), and the bundle's TypeBox CreateType without the instance-mode policy (-690 B; the policy, value guards, Clone and Immutable left the entry) (-3,937 B), then the percent and log scales, study levels and the left scale became a chunk the renderer loads before the frame that needs them (-620 B), the keyboard crosshair joined the drawing layer's chunk (-231 B), the touch gestures (-322 B), the pane separators' drag (-264 B) and the plot's keys (-151 B) became a chunk fetched after the first paint, and the opaque panes layer (+140 B), tiny prices' exponent form everywhere (+59 B), right-to-left text directions and the CMS text reset (+253 B): -5,039 B gzip in all, + 1.5 KB. Before: 103,951 = 102,451 on 2026-12-06 (session 18) after the drawing bar (its buttons, the built-in kinds' icons, the fold and its styles) became a chunk loaded by the first render that shows it (-2,360 B), and the Heikin-Ashi candle style (+356 B), the auto-scale button's mark (+280 B; the button is a chunk), the agent told of a replay and the replay chunk's failure notice (+104 B), the copy-image button, a touch long press opening the context menu and the phone's stacked bottom controls (+201 B): -1,419 B gzip in all, + 1.5 KB. Before: 105,259 = 103,759 on 2026-12-06 (session 17) after the price axis that widens for long prices (+0.55 KB), studies' reference levels (+0.35 KB), the price-axis drag with touch and its fixed scale (+0.95 KB), the "scroll to the most recent bar" button (+0.4 KB), price alerts on price lines (crossing check, event, notice: +0.7 KB; the bell is in a chunk), bar replay's methods, button and words (+0.5 KB; the strip and the logic are chunks) and the four new drawing kinds' toolbar entries and canvas words (+0.3 KB; their geometry is in a chunk): +3,806 B gzip in all, + 1.5 KB. Before: 101,412 = 99,912 on 2026-12-06 (session 16) after the right-click context menu's listeners and its English words (+0.5 KB; the menu is a chunk), the snapshot and full-screen buttons, keys and words (+0.85 KB; the actions are a chunk), crosshair sync between charts, the long/short position kinds' toolbar entries, forced-colours selection styles, the legend title and pane separator names (+0.6 KB), and live-feed refusal summaries and lenient layout styles (+0.2 KB): +2,166 B gzip in all, + 1.5 KB. Before: 99,054 = 97,554 on 2026-12-06 (session 15) after the drawing bar's groups on short charts (fold measuring and group buttons; the flyout is a chunk: +1.1 KB), the pointer measured in the chart's own px under a page's transform or zoom (+0.3 KB), the percent scale's round ticks and % tags and the log scale's round ticks (+0.6 KB), the legend's roving tabindex from the first paint and setBars refusing non-numbers (+0.6 KB): +2,607 B gzip in all, + 1.5 KB. Before: 96,447 = 94,947 on 2026-12-06 (session 14) after the drawing bar left of the plot and one table of attribute values, the touch long-press crosshair and vertical touch drags (pan-zoom-controller), the axis tags' cached prices and relabelling, the compact toolbar's active-tool button and the editor's plot box, and live bars widening a derived precision: +1,789 B gzip in all, + 1.5 KB. Before: 94,658 = 93,158 on 2026-12-06 after the first paint gained the crosshair's axis tags hook and the keyboard crosshair in every pane (pane-plot +0.9 KB min), the one-row toolbar's overflow measuring (+0.5 KB), prices' decimals from the data (+0.8 KB), bidi-safe legend text and the host-input checks (+0.7 KB), less styleMap (-0.4 KB): +1,314 B gzip in all, + 1.5 KB. Before: 92,295 = 90,795 on 2026-12-02 after uPlot lost its series focus, drag selection, cursor points and bands (-1,639 B) and the indicator settings popover and the data table's rules went into their chunks (-346 B), + 1.5 KB. Before: 94,258 = 92,758 on 2026-12-02 after the run ledger went with the tools (-236 B), + 1.5 KB. Before: 94,494 = 92,994 on 2026-12-02 after the drawing layer's pointer and key handling joined its parts chunk (-566 B), + 1.5 KB. Before: 95,060 = 93,560 on 2026-12-02 after uPlot's time axes, legend and scatter mode were dropped (-2.9 KB), the css templates minified (-0.9 KB), the bundle's Type got its own Object, Intersect, Pick, Omit, Partial, Required, Record, Optional and Readonly (-1.8 KB) and MACD's tdx/tradingview forms and the studies' names went lazy (-1 KB), + 1.5 KB. Before: 101,441 = 99,941 after the drawings core (kinds' geometry, validation, snapping, adding and moving drawings) joined the drawing layer's chunk (-5.3 KB), + 1.5 KB. Before: 106,754 = 105,254 after the built-in tools and the call pipeline went into a chunk loaded after the first paint (-26 KB), the overlay layer's parts, the data table and the tooltip went lazy (-3.5 KB) and uPlot's unused path builders were dropped (-2.5 KB), + 1.5 KB. Before: 139,313 = 137,813 on 2026-12-02 after the keyboard drawing keys joined the drawing layer parts chunk, + 1.5 KB. Before: 139,847 = 138,347 after the drawing layer parts went lazy, + 1.5 KB. Before: 141,188 = 139,688 after the picker, the drawing editor and the markers_* bodies went lazy (-3.9 KB) on top of TypeBox value lazy, + 1.5 KB. Before: 145,044 = 143,544 after TypeBox's value modules went lazy (compiled checks and defaults: -1,704 B) + 1.5 KB. Before: 147,431 = 145,931 after merging #12 speed (signals end to end, render source, own SignalWatcher: +5.4 KB) + 1.5 KB (the coordinator settles it). Before: 140,497 after merging #16 (+2.2 KB), #18 structure (+1.2 KB) and #13 a11y (+5.1 KB) onto 129,924 bytes on 2026-12-01 after #12's split (lazy studies, data sources, persistence, TypeBox errors; JSON-shape Type), + ~1.5 KB. Was 166,000 (163,649). #12 asks ≤ 60 KB: not met

/**
 * Modules that must stay out of the eager part (read from its source maps). TypeBox's `Check`,
 * `Default`, `Clone`, … are loaded with `import()` only for a schema the closure-compiled checks
 * (src/core/tools/compile-check.ts, compile-default.ts) do not cover; its errors only to word a
 * refusal. The policy (and with it `value/guard`, `Clone` and `Immutable`) only the lazy value code reads:
 * the bundle's `CreateType` does without it (rollup.config.js `slimTypeBox`).
 */
export const LAZY_ONLY = [
  /@sinclair\/typebox\/build\/esm\/value\//,
  /@sinclair\/typebox\/build\/esm\/(system\/policy|type\/clone\/|type\/create\/immutable)/,
  /@sinclair\/typebox\/build\/esm\/(errors|compiler)\//,
  // The bundle's `Type` builds these itself (src/core/tools/json-type-builders.ts): TypeBox's versions
  // bring the template-literal parser, mapped types, indexed keys and the kind guards.
  /@sinclair\/typebox\/build\/esm\/type\/(template-literal|mapped|indexed|computed|ref|object|intersect|pick|omit|partial|required|record|optional|readonly)\//,
  /@sinclair\/typebox\/build\/esm\/type\/guard\/kind\.mjs$/,
  // The built-in tools (schemas, descriptions, bodies) and the call pipeline load after the first paint
  // (src/core/commands/builtin-tool-hosts.ts, src/core/tools/tool-call-kit.ts), with the `@tool` decorator
  // they run (tool-decorator.ts; what it declared is registered-chart-tools.ts) and the binding of their
  // methods to the chart's registry (bind-tool-hosts.ts, add-tool-hosts.ts); a failed call's result (tool-failure.ts: the registry's
  // own load failure writes it out, with safe-text.ts).
  /build\/src\/core\/commands\/([\w-]+-tools|builtin-tool-hosts)\.js$/,
  /build\/src\/core\/tools\/(tool-call-kit|run-tool-call|validate-tool-input|to-plain-input|compile-default|invoke-host-tool|tool-decorator|bind-tool-hosts|add-tool-hosts|default-tool-binder|tool-failure)\.js$/,
  // The agent policy check (the kit and the agent port ask it), TypeBox's check of a host tool's examples
  // when the compiled checks do not cover its schema (the tool's first call asks it) and what `@tool`
  // declared (read when the kit binds the built-in tools' hosts).
  /build\/src\/core\/tools\/(allowed-for-agent|refused-example|registered-chart-tools)\.js$/,
  // What runs changed: the ledger comes with the tools (src/core/commands/run-tools.ts).
  /build\/src\/core\/runs\/run-ledger\.js$/,
  // The drawing and overlay layers' interaction and painters, the data table (components/kline-chart/).
  // The keyboard crosshair (with the drawing layer's parts), the plot's input (press, drag, wheel, touch gestures, keys), the separators' and the price axis's drags, the drags' cursors and the chart's own keys (after the first paint).
  /build\/components\/kline-chart\/(drawing-layer-parts|drawing-layer-input|drawing-layer-interaction|overlay-layer-parts|overlay-layer-input|chart-data-table|key-crosshair|pan-zoom-touch|pan-zoom-keys|pan-zoom-input|touch-hold|pane-separator-drag|price-axis-drag|input-parts|input-styles|chart-keys)\.js$/,
  // What the "More" menu, the shortcut list, the image actions (and capture), the study settings popover and
  // opening the command palette or the settings dialog do once asked for (their chunks: toolbar-overflow-menu.ts,
  // shortcut-dialog.ts, chart-snapshot.ts, components/indicator-settings/settings-popover.ts, open-command-palette.ts,
  // open-settings-dialog.ts).
  /build\/components\/(kline-chart\/(toolbar-overflow-menu|shortcut-dialog|chart-snapshot|compose-capture|open-command-palette|open-settings-dialog)|indicator-settings\/settings-popover)\.js$/,
  // The words only the chart's lazy chunks show (components/kline-chart/chart-more-strings.ts: the context menu, the
  // shortcut list, keyboard announcements such as the keys' pan and zoom, the notices); chart-strings.ts stays.
  /build\/components\/kline-chart\/chart-more-strings\.js$/,
  // The comparisons' legend, loaded when a chart first has comparisons (components/kline-chart/kline-chart.ts #renderComparisons),
  // and its values, which a capture draws while that chunk is not here (compose-capture.ts).
  /build\/components\/kline-chart\/comparison-(legend|change)\.js$/,
  // The toolbar's symbol and comparison search, loaded at the first press of its button (chart-actions.ts search).
  /build\/components\/kline-chart\/symbol-search\.js$/,
  // The "Scroll to the most recent bar" button and its styles, loaded the first time the newest bar leaves the view
  // (latest-button.ts).
  /build\/components\/kline-chart\/latest-button-view\.js$/,
  // The agent handshake's answer: which chart is asked for and its port (components/kline-chart/agent-handshake.ts,
  // loaded after the chart's first paint or by a panel's request).
  /build\/components\/kline-chart\/(agent-handshake|answering-chart)\.js$/,
  /build\/src\/core\/commands\/create-agent-port\.js$/,
  // The eager studies' convention forms (MACD tdx/tradingview) and their kernels, loaded before a study
  // follows that convention, and what decides which studies a tool call loads
  // (src/core/indicators/lazy-indicator-registry.ts, load-studies-for-tool.ts); the EMA kernel only lazy
  // studies run (kernels/ema.ts; MACD's factor is kernels/ema-k.ts).
  /build\/src\/core\/indicators\/definitions\/(tdx|tradingview)\//,
  /build\/src\/core\/indicators\/kernels\/(tdx|pine|ema)\.js$/,
  /build\/src\/core\/indicators\/load-studies-for-tool\.js$/,
  // A study's running state for live ticks (src/core/indicators/lazy-stepped-updater.ts): the first paint computes in full.
  // MA's and MACD's steppers come with it (definitions/fill-study-steppers.ts; their slots stay in the entry).
  /build\/src\/core\/indicators\/(stepped-updater|definitions\/fill-study-steppers)\.js$/,
  // The separators' drag preview (src/core/commands/pane-preview.ts), installed by the drag's chunk.
  /build\/src\/core\/commands\/pane-preview\.js$/,
  // The panes' order (src/core/state/ordered-pane-layout.ts), which pane-preview.ts installs for PaneCommands.layout:
  // only the pane tools, the separators' drag and the study tools read it.
  /build\/src\/core\/state\/ordered-pane-layout\.js$/,
  // A selection's summary in the chart context and the first bar at or after a time (src/core/commands/summarize-range.ts):
  // only the tools' chunk sets a selection.
  /build\/src\/core\/commands\/summarize-range\.js$/,
  // The built-in studies' names and categories, loaded when the picker first lists them.
  /build\/src\/core\/indicators\/builtin-indicator-index\.js$/,
  // How each built-in study outside the entry loads (one import() per study and form), fetched with the first of them.
  /build\/src\/core\/indicators\/builtin-study-loaders\.js$/,
  // The words of a refused study parameter (resolveParams' reasons), loaded by the chunks that resolve typed
  // params and for an `indicators` list the chart refuses (src/core/indicators/lazy-param-errors.ts).
  /build\/src\/core\/indicators\/(param-errors|default-param-errors)\.js$/,
  // Loading the studies a saved layout names, with the layout's restore (components/kline-chart/layout-storage-controller.ts).
  /build\/src\/core\/indicators\/load-studies-named-in\.js$/,
  // What the first paint of given bars never calls (src/core/commands/): reading a source's bars, folding
  // the host's bars into another period, older history, a run's undo, moving a price line, aligning
  // comparisons; and in src/core/data/ folding bars, times as text (zoned-time.ts; market-time.ts keeps
  // the zone offsets), a day number and its fields (civil-date.ts, civil-fields.ts; market-time.ts lets Date count days, day-ms.ts stays) and a series' first
  // problem worded (validate-bars.ts), one bar's fault in words (check-bar.ts; first-unsound-bar.ts stays), a slice of the bars and one bar as an object
  // (slice-bars.ts; bars.ts stays) and a sources' refusal quoting text (quote-text.ts; strip-bidi-controls.ts stays).
  /build\/src\/core\/commands\/(load-series|host-data-ops|load-older|revert-run|price-line-edits|align-series)\.js$/,
  // Loading a comparison's data for the shown period, with its aligning (comparison-data.ts).
  /build\/src\/core\/commands\/(comparison-data|ensure-comparison)\.js$/,
  /build\/src\/core\/data\/(aggregate-bars|zoned-time|civil-date|civil-fields|validate-bars|check-bar|slice-bars|quote-text)\.js$/,
  // A kind's point count and the kinds named in a refusal (src/core/drawings/drawing-kinds.ts; isDrawingKind stays
  // in drawing-kind-registry.ts).
  /build\/src\/core\/drawings\/drawing-kinds\.js$/,
  // The drawing layer itself (its input, painter, commands and cursor: components/kline-chart/drawing-layer.ts, in
  // the drawing layer's chunk; drawing-layer-controller.ts keeps the tool and the magnet until it is here), and the
  // panes' data-to-pixel mapper with its bar/time scale, which only it and the context menu use (pane-mapper.ts).
  /build\/components\/kline-chart\/(drawing-layer|pane-mapper)\.js$/,
  /build\/src\/core\/(commands\/drawing-time-index|drawings\/median-bar-spacing)\.js$/,
  // The drawing bar's, the editor's and the canvas's words (drawing-toolbar-strings.ts, drawing-words.ts): the chart
  // takes them from the chunk that shows them (drawing-bar-parts.ts, drawing-editor.ts, drawing-layer.ts).
  /build\/(components\/drawing-toolbar\/drawing-toolbar-strings|src\/core\/drawings\/drawing-words)\.js$/,
  // The kinds' summaries (labels, anchors, editor fields: drawing-kind-summaries.ts, kinds/builtin-kind-info.ts); the
  // registry in the entry knows the built-ins by id (drawing-kind-registry.ts).
  /build\/src\/core\/drawings\/(drawing-kind-summaries|kinds\/builtin-kind-info)\.js$/,
  // The percent and log scales, study levels and the left scale, loaded before a frame that shows them
  // (src/render/pane-extras.ts).
  /build\/src\/render\/(pane-extras|percent-scale|log-price-splits|paint-levels|left-price-scale)\.js$/,
  // Those scales' axis ticks (src/render/mode-axis-ticks.ts), in the same chunk.
  /build\/src\/render\/mode-axis-ticks\.js$/,
  // The painters of bars narrower than two device px (src/render/paint-decimated.ts), loaded when a pane's bars get narrow.
  /build\/src\/render\/paint-decimated\.js$/,
  // A pointer's position in a plot (src/render/local-point.ts): only pointer input, lazy, calls it.
  /build\/src\/render\/local-point\.js$/,
  // The Heikin-Ashi bars, the line and area styles' painter, the band studies' clouds and SAR's dots, in the same chunk
  // (loaded before a frame in those styles or with a cloud or dots).
  /build\/src\/(core\/data\/heikin-ashi|render\/paint-close-line|render\/paint-cloud|render\/dots-path)\.js$/,
  // Asking the page for bars (`kline-data-request`) and checking its answer (components/kline-chart/host-answer.ts),
  // loaded by the first period the host's bars cannot be folded into.
  /build\/components\/kline-chart\/host-answer\.js$/,
  // lit-html's part helpers, which only the chunks' `repeat` and `until` call (rollup.config.js inlineSingleExpression).
  /lit-html\/directive-helpers\.js$/,
  // The chart's rarely used actions, the toolbars' arrow keys and the legends' roving focus (components/kline-chart/chart-actions.ts, after the first paint).
  /build\/components\/kline-chart\/(chart-actions|roving-toolbar-keys|legend-roving)\.js$/,
  // The English sentences of failed tool calls, loaded with a locale other than English (components/i18n/tool-error-strings.ts).
  /build\/components\/i18n\/tool-error-words\.js$/,
  // A stepper's scalars, a real-valued study param, rounding a price, checking a session's text: only chunks use them.
  /build\/src\/core\/(indicators\/(scalar-state|number-param)|data\/(round-price|is-session-text))\.js$/,
];

/** The eager part's sources (from each eager file's source map) that {@link LAZY_ONLY} forbids. */
export function lazyOnlyInEager(dist = 'dist') {
  const out = [];
  for (const file of measureBundle(dist).eager.files) {
    const map = resolve(dist, `${file}.map`);
    if (!existsSync(map)) throw new Error(`No source map for ${file}: cannot check what the eager part holds`);
    for (const source of JSON.parse(readFileSync(map, 'utf8')).sources ?? [])
      if (LAZY_ONLY.some((pattern) => pattern.test(source))) out.push(source.replace(/^(\.\.\/)+/, ''));
  }
  return out;
}

const STATIC_IMPORT = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

function size(file) {
  const code = readFileSync(file);
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

function imports(file, pattern) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(pattern)].map((m) => resolve(dirname(file), m[1]));
}

/**
 * @param {string} dist the folder holding kline-chart.js and chunks/
 * @returns {{ eager: { files: string[], min: number, gzip: number }, lazy: { file: string, min: number, gzip: number }[] }}
 */
export function measureBundle(dist = 'dist') {
  const entry = resolve(dist, 'kline-chart.js');
  const eager = new Set();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop();
    if (eager.has(file)) continue;
    eager.add(file);
    stack.push(...imports(file, STATIC_IMPORT));
  }
  const lazyFiles = new Set();
  for (const file of eager) for (const d of imports(file, DYNAMIC_IMPORT)) if (!eager.has(d)) lazyFiles.add(d);
  const chunksDir = resolve(dist, 'chunks');
  if (existsSync(chunksDir)) {
    for (const name of readdirSync(chunksDir)) {
      const file = join(chunksDir, name);
      if (name.endsWith('.js') && !eager.has(file)) lazyFiles.add(file);
    }
  }
  let min = 0;
  let gzip = 0;
  for (const file of eager) {
    const s = size(file);
    min += s.min;
    gzip += s.gzip;
  }
  const lazy = [...lazyFiles].sort().map((file) => ({ file: relative(dist, file), ...size(file) }));
  return { eager: { files: [...eager].map((f) => relative(dist, f)), min, gzip }, lazy };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
/** Lazy chunks listed one by one (the biggest); the rest are summed in one line. */
const SHOWN_LAZY = 12;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = process.argv.find((a, i) => i > 1 && !a.startsWith('--')) ?? 'dist';
  const { eager, lazy } = measureBundle(dist);
  console.log(
    `eager  ${eager.files.join(' + ').padEnd(44)} ${kb(eager.min).padStart(10)} min ${kb(eager.gzip).padStart(10)} gzip`,
  );
  // The biggest lazy chunks one by one; the many small ones (a study each, shared kernels) summed.
  const byGzip = [...lazy].sort((a, b) => b.gzip - a.gzip);
  for (const c of byGzip.slice(0, SHOWN_LAZY))
    console.log(`lazy   ${c.file.padEnd(44)} ${kb(c.min).padStart(10)} min ${kb(c.gzip).padStart(10)} gzip`);
  const rest = byGzip.slice(SHOWN_LAZY);
  if (rest.length) {
    const label = `+ ${rest.length} smaller chunks (studies, sources, …)`;
    const min = rest.reduce((n, c) => n + c.min, 0);
    const gzip = rest.reduce((n, c) => n + c.gzip, 0);
    console.log(`lazy   ${label.padEnd(44)} ${kb(min).padStart(10)} min ${kb(gzip).padStart(10)} gzip`);
  }
  const lazyGzip = lazy.reduce((n, c) => n + c.gzip, 0);
  console.log(
    `total  eager ${kb(eager.gzip)} gzip (${eager.gzip} B) + lazy ${kb(lazyGzip)} gzip in ${lazy.length} chunks`,
  );
  if (process.argv.includes('--budget')) {
    if (eager.gzip > BUDGET_GZIP_BYTES) {
      console.error(
        `The eager bundle is ${eager.gzip} bytes gzip, over the budget of ${BUDGET_GZIP_BYTES} (scripts/bundle-sizes.js).`,
      );
      process.exit(1);
    }
    console.log(`eager gzip ${eager.gzip} bytes ≤ budget ${BUDGET_GZIP_BYTES}`);
    const lazyOnly = lazyOnlyInEager(dist);
    if (lazyOnly.length) {
      console.error(`Modules that must load lazily are in the eager bundle (LAZY_ONLY):\n  ${lazyOnly.join('\n  ')}`);
      process.exit(1);
    }
    console.log(
      "no module of LAZY_ONLY (TypeBox value/errors/compiler, the built-in tools, the layers' parts) in the eager part",
    );
    const firstLine = readFileSync(join(dist, 'kline-chart.js'), 'utf8').split('\n', 1)[0];
    if (firstLine !== COMPILE_HINT) {
      console.error(
        `dist/kline-chart.js must start with V8's compile hint '${COMPILE_HINT}' (rollup.config.js, output.banner).`,
      );
      process.exit(1);
    }
    console.log(`dist/kline-chart.js starts with the compile hint ${COMPILE_HINT}`);
  }
}
