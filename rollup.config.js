// Bundles the compiled output (build/, from `tsc`) into dist/: kline-chart.js, the one module a page
// includes, defines both elements; what the first paint does not need (the panel, dialogs, the model
// client) is in dist/chunks/, loaded from beside it. `npm run build` then prints the sizes and checks
// the eager budget (scripts/bundle-sizes.js).
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifyCssTemplates } from './scripts/minify-css-templates.js';
import { minifyHtmlTemplates } from './scripts/minify-html-templates.js';
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
 * cursor points or bands, and only linear and log scales on a horizontal x (more below, edit by edit).
 * So the bundle rewrites those places to constants and rollup drops the code only they kept (issue #12).
 * Each edit names how often its text must occur; the build fails if uPlot's file no longer matches, so an
 * upgrade cannot slim it silently wrong. Every `new uPlot` (src/render/pane-plot.ts, first-plot-decoy.ts)
 * keeps to it; `UPLOT_CALLER_CHECKS` fails the build when a module of the renderer starts to use what an
 * edit removed, and test/browser/kline-chart/bundle-scales.test.ts and bundle-crosshair.test.ts check the
 * edited bundle itself (the other browser tests run the unedited uPlot).
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
  // Two plain zeros: terser folds them (a destructured `[0, 0]` it does not), so the band clipping goes too.
  {
    from: 'let [ bandFillDir, bandClipDir ] = bandFillClipDirs(u, seriesIdx);',
    to: 'let bandFillDir = 0, bandClipDir = 0;',
    count: 3,
  },
  { from: '\t\tflags != 0 && bands.forEach((b, bi) => {\n', to: '\t\tfalse && bands.forEach((b, bi) => {\n', count: 1 },
  { from: '\tuPlot.fmtDate = fmtDate;\n\tuPlot.tzDate  = tzDate;\n', to: '', count: 1 },
  // Only linear (distr 1) and log (distr 3) scales: no ordinal (2), asinh (4) or custom (100) one. The
  // x scale is linear (pane-plot.ts gives it no distr), so every `xScaleDistr` branch but one goes.
  { from: '\tconst xScaleDistr = scaleX.distr;\n', to: '\tconst xScaleDistr = 1;\n', count: 1 },
  {
    from: '\t\t\tsc.distr == 4   ? val => asinh(val, sc.asinh) :\n\t\t\tsc.distr == 100 ? val => sc.fwd(val) :\n',
    to: '',
    count: 1,
  },
  {
    from: '(sc.distr == 3 ? snapLogX : sc.distr == 4 ? snapAsinhX : snapNumX)',
    to: 'snapNumX',
    count: 1,
  },
  { from: 'sc.distr == 4 ? snapAsinhY : ', to: '', count: 1 },
  { from: 'sc.distr == 2 ? wholeIncrs : ', to: '', count: 1 },
  { from: 'sc.distr == 4 ? asinhAxisSplits : ', to: '', count: 1 },
  { from: 'scale.distr == 2', to: 'false', count: 5 },
  { from: 'sc.distr == 2 && dataLen > 0', to: 'false', count: 1 },
  { from: 'distr == 4 ? asinh(sc.min, sc.asinh) : distr == 100 ? sc.fwd(sc.min) : ', to: '', count: 1 },
  { from: 'distr == 4 ? asinh(sc.max, sc.asinh) : distr == 100 ? sc.fwd(sc.max) : ', to: '', count: 1 },
  { from: '\t\t\tdistr == 4 ? sinh(sv, sc.asinh) :\n\t\t\tdistr == 100 ? sc.bwd(sv) :\n', to: '', count: 1 },
  { from: '(distr == 4 && v == 0) || ', to: '', count: 1 },
  // Base-10 logs only (no scale sets `log`): uPlot's base-2 tick filter goes.
  {
    from: 'sc.distr >= 3 && sc.log == 10 ? log10AxisValsFilt : sc.distr == 3 && sc.log == 2 ? log2AxisValsFilt : retArg1',
    to: 'sc.distr == 3 ? log10AxisValsFilt : retArg1',
    count: 1,
  },
  // uPlot's helpers on its default export: the chart reads only `uPlot.pxRatio` (plot-pixel-ratio.ts).
  {
    from: 'uPlot.assign = assign;\nuPlot.fmtNum = fmtNum;\nuPlot.rangeNum = rangeNum;\nuPlot.rangeLog = rangeLog;\nuPlot.rangeAsinh = rangeAsinh;\nuPlot.orient   = orient;\n',
    to: '',
    count: 1,
  },
  { from: 'uPlot.sync = _sync;\n', to: '', count: 1 },
  { from: '\tuPlot.addGap = addGap;\n\tuPlot.clipGaps = clipGaps;\n', to: '', count: 1 },
  // No null in the plotted data (pane-plot.ts hands uPlot typed arrays, NaN where no value), so a line
  // never has a gap to find.
  {
    from: '\t\t\t\thasGap && gaps.push(...findGaps(dataX, dataY, idx0, idx1, dir, pixelForX, alignGaps));\n',
    to: '',
    count: 1,
  },
  // Nothing calls `u.setSeries` (series are never toggled or focused, no legend to click), and so no
  // synced plot publishes it either.
  { from: '\tself.setSeries = setSeries;\n', to: '', count: 1 },
  {
    from: '\tevents["setSeries"] = (e, src, idx, opts) => {\n\t\tlet seriesIdxMatcher = syncOpts.match[2];\n\t\tidx = seriesIdxMatcher(self, src, idx);\n\t\tidx != -1 && setSeries(idx, opts, true, false);\n\t};\n',
    to: '',
    count: 1,
  },
  // A series' own hovered index (`cursor.idxs`, the nearest non-null value) feeds only the legend and
  // cursor points, both off; the chart reads `cursor.idx`. Each series gets the cursor's index.
  {
    from: '\tif (cursor.dataIdx == null) {\n\t\tlet hov = cursor.hover;\n',
    to: '\tif (false) {\n\t\tlet hov = cursor.hover;\n',
    count: 1,
  },
  { from: 'let idx2  = cursor.dataIdx(self, i, idx, valAtPosX);', to: 'let idx2  = idx;', count: 1 },
  // The defaults behind options every plot sets: cursor points (`cursor.points.show` false, the decoy has
  // no cursor), legend markers (no legend) and a series' points (every series of pane-plot.ts sets
  // `points.show`).
  {
    from: '\t\tshow:   cursorPointShow,\n\t\tsize:   cursorPointSize,\n\t\twidth:  0,\n\t\tstroke: cursorPointStroke,\n\t\tfill:   cursorPointFill,\n',
    to: '\t\tshow:   false,\n\t\tsize:   0,\n\t\twidth:  0,\n\t\tstroke: null,\n\t\tfill:   null,\n',
    count: 1,
  },
  { from: '\t\tstroke: legendStroke,\n\t\tfill: legendFill,\n', to: '\t\tstroke: null,\n\t\tfill: null,\n', count: 1 },
  { from: '\t\tshow: seriesPointsShow,\n', to: '\t\tshow: false,\n', count: 1 },
  // Rectangles with square corners only (the points' clip; rounded ones were for bars).
  {
    from: '\treturn (p, x, y, w, h, endRad = 0, baseRad = 0) => {\n\t\tif (endRad == 0 && baseRad == 0)\n',
    to: '\treturn (p, x, y, w, h, endRad = 0, baseRad = 0) => {\n\t\tif (true)\n',
    count: 1,
  },
  // Methods nothing calls: series and bands are given at construction only.
  { from: '\tself.addSeries = addSeries;\n', to: '', count: 1 },
  { from: '\tself.delSeries = delSeries;\n', to: '', count: 1 },
  { from: '\tself.addBand = addBand;\n\tself.setBand = setBand;\n\tself.delBand = delBand;\n', to: '', count: 1 },
  { from: '\tself.posToIdx = closestIdxFromXpos;\n', to: '', count: 1 },
  // Scales run the default way (no scale sets `dir`) and the x scale is horizontal (none sets `ori`):
  // the vertical-x and reversed variants of the paths, the cursor and `valToPos` go.
  { from: 'const dir = scaleX.dir * (scaleX.ori == 0 ? 1 : -1);', to: 'const dir = 1;', count: 4 },
  { from: 'scale.dir == -1 ?', to: 'false ?', count: 2 },
  { from: '\t\tif (sc.dir == -1)\n', to: '\t\tif (false)\n', count: 1 },
  { from: 'scaleX.ori == 0', to: 'true', count: 20 },
  { from: 'scaleX.ori == 1', to: 'false', count: 9 },
  { from: '\treturn (sx.ori == 0\n', to: '\treturn (true\n', count: 1 },
  // Axes have no title (`label`) and their tick labels are not rotated (no axis sets `rotate`).
  { from: 'axis.label != null', to: 'false', count: 3 },
  { from: '\t\t\tlet angle = axis._rotate * -PI/180;\n', to: '\t\t\tlet angle = 0;\n', count: 1 },
  {
    from: '\t\t\taxis._rotate = side == 2 ? axis.rotate(self, values, i, _space) : 0;\n',
    to: '\t\t\taxis._rotate = 0;\n',
    count: 1,
  },
  // Built at load for the date code the edits above removed (day and month abbreviations, the local
  // time zone): constants instead, which terser drops with their last reader.
  {
    from: 'const days3 = days.map(slice3);\n\nconst months3 = months.map(slice3);\n',
    to: 'const days3 = days;\n\nconst months3 = months;\n',
    count: 1,
  },
  {
    from: 'const localTz = new Intl.DateTimeFormat().resolvedOptions().timeZone;\n',
    to: 'const localTz = null;\n',
    count: 1,
  },
  // Base-2 steps for log2 axes, registered in uPlot's decimals table at load. No scale has `log: 2`; the
  // table's other users (`fixFloat`, decimal steps) get the same answer without them: every non-integer
  // power of two is exact in decimal, and those that are also decimal steps are registered with the same
  // decimals by the base-10 steps.
  { from: '// base 2\ngenIncrs(2, -53, 53, [1]);\n', to: '', count: 1 },
  // The scatter mode's series defaults (facets), built at load.
  {
    from: "\tfacets: [\n\t\tassign({}, facet, {scale: 'x'}),\n\t\tassign({}, facet, {scale: 'y'}),\n\t],\n",
    to: '',
    count: 1,
  },
  // No series sets `gaps`: uPlot's default hands back the (empty) gaps it was given, which clip nothing.
  { from: '\t\t\t\t_paths.clip = clipGaps(gaps, scaleX.ori, xOff, yOff, xDim, yDim);\n', to: '', count: 3 },
  // Every scale's `range` is a function or absent (no `[min, max]` or `{ min: { pad, … } }` form), and no
  // scale is derived `from` another.
  { from: '\t\t\tif (scaleOpts.from != null) {\n', to: '\t\t\tif (false) {\n', count: 1 },
  {
    from: '\t\t\t\tif (scaleKey != xScaleKey || (mode == 2 && !isTime)) {\n',
    to: '\t\t\t\tif (false) {\n',
    count: 1,
  },
  // Neither cursor points nor series focus (above): where a series' value under the cursor lies is never read.
  { from: '\t\t\t\txPos = valToPosX(data[0][idx], scaleX, xDim, 0);\n', to: '', count: 1 },
  {
    from: 'let xPos2 = idx2 == null ? -10 : idx2 == idx ? xPos : valToPosX(mode == 1 ? data[0][idx2] : data[i][0][idx2], scaleX, xDim, 0);',
    to: 'let xPos2 = -10;',
    count: 1,
  },
  {
    from: 'let yPos = yVal2 == null ? -10 : valToPosY(yVal2, mode == 1 ? scales[s.scale] : scales[s.facets[1].scale], yDim, 0);',
    to: 'let yPos = -10;',
    count: 1,
  },
  // No series focus (above), so no series is ever dimmed for another.
  {
    from: 'let shouldAlpha = series.some(s => s._focus) && ctxAlpha != focus.alpha;',
    to: 'let shouldAlpha = false;',
    count: 1,
  },
  // Axes have no border line and no own text alignment (no axis sets `border` or `align`), and their tick
  // labels are one line each (time-ticks.ts, format-number.ts, percent-scale.ts: no line breaks).
  { from: '\t\t\tif (border.show) {\n', to: '\t\t\tif (false) {\n', count: 1 },
  {
    from: '\t\t\tlet textAlign    = axis.align == 1 ? LEFT :\n\t\t\t                   axis.align == 2 ? RIGHT :\n\t\t\t                   angle > 0',
    to: '\t\t\tlet textAlign    = angle > 0',
    count: 1,
  },
  { from: 'let _parts = val.indexOf("\\n") == -1 ? [val] : val.split(/\\n/gm);', to: 'let _parts = [val];', count: 1 },
  // What only those (a border, rotated labels, an axis title) read is not set up either.
  { from: '\t\t\taxis.border.stroke = fnOrSelf(axis.border.stroke);\n', to: '', count: 1 },
  { from: '\t\t\taxis.rotate = fnOrSelf(axis.rotate);\n', to: '', count: 1 },
  { from: '\t\t\taxis.labelFont = pxRatioFont(axis.labelFont, pxRatio);\n', to: '', count: 1 },
  { from: '\t\t[axis.font, axis.labelFont].forEach(f => {\n', to: '\t\t[axis.font].forEach(f => {\n', count: 1 },
  // … so no scale's range is worked out from another's.
  { from: 'wsc.from != null', to: 'false', count: 1 },
  { from: 'wsc.from == null', to: 'true', count: 2 },
  { from: 'sc.from != null', to: 'false', count: 1 },
  { from: 'sc.from == null', to: 'true', count: 2 },
  // No series is filled (pane-plot.ts sets `fill` on a series' points only; areas and clouds are the
  // chart's own painters), so no line builds a fill path.
  { from: 'if (series.fill != null || bandFillDir != 0) {', to: 'if (false) {', count: 3 },
  { from: '\t\t\ts.fillTo = fnOrSelf(s.fillTo || seriesFillTo);\n', to: '', count: 1 },
  // No plugins (no plot is given `plugins`).
  {
    from: '\t(opts.plugins || []).forEach(p => {\n\t\tif (p.opts)\n\t\t\topts = p.opts(self, opts) || opts;\n\t});\n',
    to: '',
    count: 1,
  },
  {
    from: '\t(opts.plugins || []).forEach(p => {\n\t\tfor (let evName in p.hooks)\n\t\t\thooks[evName] = (hooks[evName] || []).concat(p.hooks[evName]);\n\t});\n',
    to: '',
    count: 1,
  },
  // No live legend values to keep (no legend): the hovered index is `cursor.idx`.
  { from: 'legend.live', to: 'false', count: 7 },
  // Every scale a series is on has a `range` function (pane-plot.ts: the x scale, the pane's own scale;
  // left-price-scale.ts: the left one): uPlot's default ranges run only for a scale no series is on (the
  // `y` it always makes), with no data (`dataMin` null). So no default pads or snaps to magnitudes.
  { from: '(sc.distr == 3 ? snapLogY : snapNumY)', to: 'snapNumY', count: 1 },
  {
    from: '\treturn dataMin == null ? nullNullTuple : rangeNum(dataMin, dataMax, rangePad, true);\n',
    to: '\treturn nullNullTuple;\n',
    count: 1,
  },
  // No uPlot double-click (pane-plot.ts binds `dblclick` to nothing: it would fit uPlot's x scale to every
  // bar behind the chart's back), so `autoScaleX` runs only in uPlot's setup, whose x range the first
  // `setData` batch replaces (pane-plot.ts `setData`): one bar's equal ends need no padding there.
  { from: '\tevents.dblclick = dblClick;\n', to: '', count: 1 },
  { from: '\t\tonMouse(dblclick, over, dblClick);\n', to: '', count: 1 },
  {
    from: '\t\t\t\t\telse\n\t\t\t\t\t\t[_min, _max] = rangeNum(_min, _max, rangePad, true);\n',
    to: '',
    count: 1,
  },
  // The one log scale (the price pane's, pane-plot.ts) is log only with the modes' chunk, and then has its
  // own ticks and filter (log-price-splits.ts): uPlot's default log ticks and their filter never run.
  { from: 'sc.distr == 3 ? logAxisSplits : numAxisSplits', to: 'numAxisSplits', count: 1 },
  { from: 'sc.distr == 3 ? log10AxisValsFilt : retArg1', to: 'retArg1', count: 1 },
  // No legend, so nothing reads a series' formatted value (`setLegendValues` is behind `showLegend && false`).
  { from: ' : sv || numSeriesVal;', to: ' : sv;', count: 1 },
  // No plot sets `cursor.lock`: a click never locks the cursor.
  { from: '\t\telse if (cursor.lock) {\n', to: '\t\telse if (false) {\n', count: 1 },
  // No plot is given `bands` (above): nothing to give defaults.
  {
    from: '\tbands.forEach(b => {\n\t\tb.fill = fnOrSelf(b.fill || null);\n\t\tb.dir = ifNull(b.dir, -1);\n\t});\n',
    to: '',
    count: 1,
  },
  // The selection never changes (`setSelect` does nothing without `select.show`), so a press need not note it and a
  // release finds nothing to set (what else read it there is behind `if (false)` above); no plot drags a selection
  // (`drag.x` and `drag.y` false), so a pointer leaving mid-press has no drag edge to snap to.
  {
    from: '\t\tlet { left, top, width, height } = select;\n\n\t\tdownSelectLeft   = left;\n\t\tdownSelectTop    = top;\n\t\tdownSelectWidth  = width;\n\t\tdownSelectHeight = height;\n',
    to: '',
    count: 1,
  },
  {
    from: '\t\tlet { left, top, width, height } = select;\n\n\t\tlet hasSelect = width > 0 || height > 0;\n\t\tlet chgSelect = (\n\t\t\tdownSelectLeft   != left   ||\n\t\t\tdownSelectTop    != top    ||\n\t\t\tdownSelectWidth  != width  ||\n\t\t\tdownSelectHeight != height\n\t\t);\n\n\t\thasSelect && chgSelect && setSelect(select);\n',
    to: '',
    count: 1,
  },
  { from: '\t\t\tif (dragH && dragV) {\n', to: '\t\t\tif (false) {\n', count: 1 },
  { from: '\t\t\tif (dragH && snapH)\n', to: '\t\t\tif (false)\n', count: 1 },
  { from: '\t\t\tif (dragV && snapV)\n', to: '\t\t\tif (false)\n', count: 1 },
  // Every plot's x axis is at the bottom (pane-plot.ts `side: 2`; the decoy's default): a synced move never comes rotated.
  { from: '\t\t\tlet rotSrc = src.axes[0].side % 2 == 1;\n', to: '\t\t\tlet rotSrc = false;\n', count: 1 },
  // No points builder: the only series with points shown, dots (SAR), are given theirs (src/render/dots-path.ts, in the
  // modes' chunk), and a series' default `points.show` is false (above). A shown point without `paths` would fail.
  { from: 'const pointsPath = points() ;\n', to: 'const pointsPath = null;\n', count: 1 },
  { from: '\tlet paths = uPlot.paths = {\n\t\tpoints,\n\t};\n', to: '\tlet paths = uPlot.paths = {};\n', count: 1 },
  // Every axis of pane-plot.ts and left-price-scale.ts is given its labels as a function (`values`) and no
  // `incrs`: uPlot's static tick lists and its default labels (Intl.NumberFormat of the page's language) go.
  // The decoy's axes (first-plot-decoy.ts) never get a range to label; given one they would show the numbers.
  { from: '\t\t\t\tisArr(av) && !isArr(av[0]) ? fnOrSelf(av) :\n', to: '', count: 1 },
  { from: ') : av || numAxisVals\n', to: ') : av || retArg1\n', count: 1 },
  {
    from: '\t\t\tif (isArr(axis.incrs)) {\n\t\t\t\taxis.incrs.forEach(incr => {\n\t\t\t\t\t!fixedDec.has(incr) && fixedDec.set(incr, guessDec(incr));\n\t\t\t\t});\n\t\t\t}\n',
    to: '',
    count: 1,
  },
  // No cursor points (above): none is made per series.
  { from: '\t\t\telse if (i > 0)\n\t\t\t\tpt = initCursorPt(s, i);\n', to: '', count: 1 },
  {
    from: '\tpoints.show   = fnOrSelf(points.show);\n\tpoints.size   = fnOrSelf(points.size);\n\tpoints.stroke = fnOrSelf(points.stroke);\n\tpoints.width  = fnOrSelf(points.width);\n\tpoints.fill   = fnOrSelf(points.fill);\n',
    to: '',
    count: 1,
  },
  {
    from: '\t\t\t\t\tfor (let i = 0; i < cursorPts.length; i++) {\n\t\t\t\t\t\tlet pt = cursorPts[i];\n\n\t\t\t\t\t\tif (pt != null) {\n\t\t\t\t\t\t\tcursorPtsLft[i] *= pctWid;\n\t\t\t\t\t\t\tcursorPtsTop[i] *= pctHgt;\n\t\t\t\t\t\t\telTrans(pt, ceil(cursorPtsLft[i]), ceil(cursorPtsTop[i]), plotWidCss, plotHgtCss);\n\t\t\t\t\t\t}\n\t\t\t\t\t}\n',
    to: '',
    count: 1,
  },
  {
    from: '\t\t\tfor (let i = 0; i < series.length; i++) {\n\t\t\t\tlet pt = cursorPts[i];\n\t\t\t\tpt != null && elTrans(pt, -10, -10, plotWidCss, plotHgtCss);\n\t\t\t}\n',
    to: '',
    count: 1,
  },
  // The default labels' number format (of the page's language, made at load) and the navigator it read.
  {
    from: "const numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US');\nconst fmtNum = val => numFormatter.format(val);\n",
    to: '',
    count: 1,
  },
  { from: 'const nav = domEnv ? navigator : null;\n', to: '', count: 1 },
  // A series' paths are Path2D objects (uPlot's linear builder, dots-path.ts), never the per-colour Maps of
  // uPlot's removed bars builder.
  {
    from: '\t\t\tif (strokePath instanceof Map) {\n\t\t\t\tstrokePath.forEach((strokePath, strokeStyle) => {\n\t\t\t\t\tctx.strokeStyle = ctxStroke = strokeStyle;\n\t\t\t\t\tctx.stroke(strokePath);\n\t\t\t\t});\n\t\t\t}\n\t\t\telse\n',
    to: '',
    count: 1,
  },
  {
    from: '\t\tif (fillPath instanceof Map) {\n\t\t\tfillPath.forEach((fillPath, fillStyle) => {\n\t\t\t\tctx.fillStyle = ctxFill = fillStyle;\n\t\t\t\tctx.fill(fillPath);\n\t\t\t});\n\t\t}\n\t\telse\n',
    to: '',
    count: 1,
  },
  // No legend, so no markers to set up.
  {
    from: '\t\tmarkers.width  = fnOrSelf(markers.width);\n\t\tmarkers.dash   = fnOrSelf(markers.dash);\n\t\tmarkers.stroke = fnOrSelf(markers.stroke);\n\t\tmarkers.fill   = fnOrSelf(markers.fill);\n',
    to: '',
    count: 1,
  },
  // Every axis that draws sets its `font` (the theme's: pane-plot.ts, left-price-scale.ts), and no axis has a
  // title (above): uPlot's default font, a long family list, is never drawn. A short one stands in.
  {
    from: `const font      = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji"';\n`,
    to: "const font      = '12px sans-serif';\n",
    count: 1,
  },
  // No legend (above): a series' value formatter and default label are never read.
  {
    from: '\t\t\tlet sv = s.value;\n\t\t\ts.value = isTime ? (isStr(sv) ? timeSeriesVal(_tzDate, timeSeriesStamp(sv, _fmtDate)) : sv || _timeSeriesVal) : sv;\n\t\t\ts.label = s.label || (isTime ? timeSeriesLabel : numSeriesLabel);\n',
    to: '',
    count: 1,
  },
  // No plot is given an `id`, `class` or `title` (pane-plot.ts, first-plot-decoy.ts).
  {
    from: '\tif (opts.id != null)\n\t\troot.id = opts.id;\n\n\taddClass(root, opts.class);\n\n\tif (opts.title) {\n\t\tlet title = placeDiv(TITLE, root);\n\t\ttitle.textContent = opts.title;\n\t}\n',
    to: '',
    count: 1,
  },
  // No drag selection (above): its box's defaults and the (empty) setSelect go too.
  {
    from: '\tconst select = self.select = assign({\n\t\tshow:   true,\n\t\tover:   true,\n\t\tleft:   0,\n\t\twidth:  0,\n\t\ttop:    0,\n\t\theight: 0,\n\t}, opts.select);\n',
    to: '\tconst select = self.select = {};\n',
    count: 1,
  },
  { from: '\tself.setSelect = setSelect;\n', to: '', count: 1 },
  // The panes are given their padding in full (pane-plot.ts): uPlot's automatic padding (by the axes beside each
  // side) goes; a plot given none (first-plot-decoy.ts, 1 px, never drawn) has none.
  {
    from: '(opts.padding || [autoPadSide,autoPadSide,autoPadSide,autoPadSide]).map(p => fnOrSelf(ifNull(p, autoPadSide)));',
    to: '(opts.padding || [0, 0, 0, 0]).map(p => fnOrSelf(p));',
    count: 1,
  },
];
/** What uPlot's removed time and number-format code declared: only branches the edits made unreachable named them. */
const UPLOT_GONE =
  /\b(_tzDate|_fmtDate|_timeAxisSplits|_timeAxisVals|_timeSeriesVal|timeIncrsMs|timeIncrsS|_timeAxisStampsMs|_timeAxisStampsS|fmtNum|numFormatter|nav\.language)\b/;
/**
 * What the edits take for granted of the chart's own calls. Options are checked in every module of the
 * renderer (build/src/render/, where every uPlot option is written: pane-plot.ts, left-price-scale.ts,
 * first-plot-decoy.ts), method calls in every module of the library (components/ call plots too). A
 * module that starts to use one of these fails the build until the edits that removed it are reviewed,
 * since the browser tests run the unedited uPlot and would not notice.
 */
const RENDER_MODULE = /[\\/]build[\\/]src[\\/]render[\\/].*\.js$/;
const OWN_MODULE = /[\\/]build[\\/](src|components)[\\/].*\.js$/;
const UPLOT_CALLER_CHECKS = [
  {
    where: OWN_MODULE,
    re: /\.(setSeries|addSeries|delSeries|addBand|setBand|delBand|posToIdx|setSelect)\(/,
    why: 'a uPlot method the bundle removes',
  },
  {
    where: RENDER_MODULE,
    re: /\b(ori|dir|rotate|asinh|fwd|bwd|log|dataIdx|gaps|bands|labelSize|labelFont|fillTo|plugins|lock|border|align|title|class)\s*:/,
    why: 'a uPlot option the bundle ignores (vertical or reversed scales, rotated ticks, asinh or custom or base-2 scales, hover index, gaps, bands, axis titles, fills, plugins, a cursor lock, axis borders or alignment, a plot title or class)',
  },
  {
    // The cursor's drag: off both ways (pane-plot.ts), else uPlot would select and snap what the edits removed.
    where: RENDER_MODULE,
    re: /\bdrag\s*:\s*\{(?!\s*x\s*:\s*false\s*,\s*y\s*:\s*false\b)/,
    why: 'a cursor.drag not starting `x: false, y: false` (the bundle removes drag selection)',
  },
  {
    // A series' `fill`: only points (`points: { …, fill }`, on one line) may have one.
    where: RENDER_MODULE,
    re: /^(?!.*\bpoints\s*:).*\bfill\s*:/m,
    why: "a filled uPlot series (the bundle's uPlot fills points only)",
  },
  {
    // uPlot's double-click is gone from the bundle (it fitted x to every bar): tests' plots must not have it either.
    where: RENDER_MODULE,
    re: /\bbind\s*:\s*\{(?![^}]*\bdblclick\s*:)/,
    why: 'a cursor.bind without `dblclick: () => null` (the bundle binds no double-click)',
  },
  {
    // A scale uPlot ranges itself: the bundle's uPlot gives it no range (every scale with series has a function).
    where: RENDER_MODULE,
    re: /\bauto\s*:\s*true\s*,(?!\s*range\s*:)/,
    why: "an auto scale without a `range` function right after `auto` (the bundle removes uPlot's default ranges)",
  },
  {
    // Points drawn need a builder of their own (dots-path.ts): the bundle's uPlot has no default one.
    where: RENDER_MODULE,
    re: /\bpoints\s*:\s*\{(?!\s*show\s*:\s*false\s*\})(?![^}]*\bpaths\s*:)/,
    why: "a series' `points` neither `{ show: false }` nor with `paths` (the bundle's uPlot has no points builder)",
  },
  {
    // uPlot's builders on its default export are gone but `linear`.
    where: OWN_MODULE,
    re: /\.paths\.(points|stepped|bars|spline)\b/,
    why: 'a uPlot path builder the bundle removes (only `uPlot.paths.linear` is kept)',
  },
  {
    // Axis labels as a function, no tick increments of the caller's: the bundle drops uPlot's static and default labels.
    where: RENDER_MODULE,
    re: /\bincrs\s*:|\bvalues\s*:\s*[[\x27"`]/,
    why: "an axis's `incrs` or `values` not given as a function (the bundle's uPlot has neither static nor default labels)",
  },
  {
    where: RENDER_MODULE,
    re: /\brange\s*:\s*[[{]/,
    why: "a uPlot range given as an array or object (the bundle's uPlot takes functions)",
  },
  {
    // Scale kinds: 1 (linear) and 3 (log) only, e.g. `distr: log ? 3 : 1`.
    where: RENDER_MODULE,
    re: /\bdistr\s*:\s*(?=[^,}\n]*\b(?![13]\b)\d+\b)[^,}\n]*/,
    why: 'a uPlot scale kind the bundle removes (only distr 1 and 3 are kept)',
  },
];

function slimUplot() {
  return {
    name: 'slim-uplot',
    transform(code, id) {
      if (OWN_MODULE.test(id)) {
        for (const { where, re, why } of UPLOT_CALLER_CHECKS) {
          const m = where.test(id) && re.exec(code);
          if (m) this.error(`slim-uplot: ${id} has \`${m[0]}\`, ${why}; review UPLOT_EDITS in rollup.config.js`);
        }
        return null;
      }
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

/**
 * lit-html's `async-directive.js` imports one one-line test (`isSingleExpression`) from
 * `directive-helpers.js`; with that module in the entry, rollup keeps there every helper the lazy
 * chunks' `repeat` and `until` use too (`insertPart`, …), which the first paint never calls. The
 * bundle's `async-directive.js` gets the test inline (the same expression), so the helpers go with
 * the chunks that use them (-201 B gzip eager, issue #12). A lit upgrade that changes the import fails
 * the build.
 */
const ASYNC_DIRECTIVE_IMPORT = 'import{isSingleExpression as i}from"./directive-helpers.js";';
function inlineSingleExpression() {
  return {
    name: 'inline-single-expression',
    transform(code, id) {
      if (!/lit-html[\\/]async-directive\.js$/.test(id)) return null;
      if (!code.startsWith(ASYNC_DIRECTIVE_IMPORT))
        this.error(
          `inline-single-expression: ${id} no longer starts with ${ASYNC_DIRECTIVE_IMPORT}; update rollup.config.js`,
        );
      // directive-helpers.js: `r=o=>void 0===o.strings` exported as isSingleExpression.
      return { code: `const i=o=>void 0===o.strings;${code.slice(ASYNC_DIRECTIVE_IMPORT.length)}`, map: null };
    },
  };
}

/**
 * signal-polyfill puts its introspection on the `Signal.subtle` namespace object (`introspectSources`,
 * `introspectSinks`, `hasSinks`, `hasSources`, `currentComputed`) and `getPending` on every Watcher, so
 * none of them can be tree-shaken. Nothing in the library calls them (they debug a signal graph), and a
 * page's own copy of the polyfill cannot introspect the chart's signals (its node symbol is another), so
 * the bundle leaves them out (issue #12). Each pattern names how often it must match: an upgrade that
 * changes them fails the build.
 */
const SIGNAL_EDITS = [
  {
    pattern:
      /\n {4}function (introspectSources|introspectSinks|hasSinks|hasSources|currentComputed)\([^)]*\) \{\n[\s\S]*?\n {4}\}\n {4}subtle2\.\1 = \1;/g,
    count: 5,
  },
  {
    pattern: /\n {6}\/\/ Returns the set of computeds[^\n]*\n[^\n]*\n {6}getPending\(\) \{\n[\s\S]*?\n {6}\}/g,
    count: 1,
  },
];
/**
 * The polyfill's graph nodes keep their state in long property names (`producerNode`,
 * `liveConsumerIndexOfThis`, …) that terser leaves as they are, being properties. Only the polyfill's own
 * module reads or writes them (none is part of `Signal`'s API, none appears in a string, and neither
 * @lit-labs/signals nor the chart touches a node), so inside that module each becomes a two-letter name
 * (-190 B gzip eager, issue #12). Each name's count is checked, so an upgrade that changes them fails the build.
 */
const SIGNAL_RENAMES = Object.entries({
  producerNode: 29,
  liveConsumerNode: 17,
  producerIndexOfThis: 16,
  liveConsumerIndexOfThis: 9,
  producerLastReadVersion: 7,
  nextProducerIndex: 6,
  lastCleanEpoch: 4,
  consumerAllowSignalWrites: 4,
  consumerMarkedDirty: 3,
  consumerIsAlwaysLive: 3,
  producerRecomputeValue: 3,
  producerMustRecompute: 3,
  consumerOnSignalRead: 2,
}).map(([name, count], i) => ({
  pattern: new RegExp(`\\b${name}\\b`, 'g'),
  count,
  to: `$${'abcdefghijklmnopqrstuvwxyz'[i]}`,
}));
function slimSignals() {
  return {
    name: 'slim-signals',
    transform(code, id) {
      if (!/signal-polyfill[\\/]dist[\\/]index\.js$/.test(id)) return null;
      let out = code;
      for (const { pattern, count, to = '' } of [...SIGNAL_EDITS, ...SIGNAL_RENAMES]) {
        const found = out.match(pattern)?.length ?? 0;
        if (found !== count)
          this.error(
            `slim-signals: signal-polyfill has ${found} × ${pattern}, expected ${count}; update rollup.config.js`,
          );
        out = out.replace(pattern, to);
      }
      return { code: out, map: null };
    },
  };
}

const LAZY_STUDIES = fileURLToPath(new URL('./build/src/core/indicators/lazy-indicator-registry.js', import.meta.url));
const LAZY_TOOL_BINDER = fileURLToPath(new URL('./build/src/core/tools/lazy-tool-binder.js', import.meta.url));
const LAZY_PARAM_ERRORS = fileURLToPath(new URL('./build/src/core/indicators/lazy-param-errors.js', import.meta.url));
const LAZY_STEPPED_UPDATER = fileURLToPath(
  new URL('./build/src/core/indicators/lazy-stepped-updater.js', import.meta.url),
);

/**
 * In the bundle the default indicator registry is the lazy one (src/core/indicators/
 * lazy-indicator-registry.ts): every built-in study is a chunk of its own, loaded when first used,
 * instead of all 52 in the entry (issue #12). Node keeps the eager default-indicator-registry.ts.
 * Likewise the words of a refused study parameter (src/core/indicators/lazy-param-errors.ts) are a
 * chunk: Node keeps default-param-errors.ts. And binding `@tool` methods comes with the built-in tools
 * (src/core/tools/lazy-tool-binder.ts; Node keeps default-tool-binder.ts). So is a study's running
 * state for live ticks (src/core/indicators/lazy-stepped-updater.ts; Node keeps default-stepped-updater.ts).
 */
function lazyStudies() {
  return {
    name: 'lazy-studies',
    resolveId(source) {
      if (/(^|\/)default-param-errors\.js$/.test(source)) return LAZY_PARAM_ERRORS;
      if (/(^|\/)default-tool-binder\.js$/.test(source)) return LAZY_TOOL_BINDER;
      if (/(^|\/)default-stepped-updater\.js$/.test(source)) return LAZY_STEPPED_UPDATER;
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
    inlineSingleExpression(),
    slimSignals(),
    productionFlags(),
    minifyCssTemplates(),
    minifyHtmlTemplates(),
    nodeResolve({ browser: true, exportConditions: ['browser', 'production', 'default'] }),
    // Terser keeps the compile hint (the banner) and drops every other comment
    // (a regular expression: the plugin sends its options to worker threads, where a function's closure is lost).
    // Three compress passes: what one pass inlines or drops opens more of the same (-99 B gzip eager, 2026-12-07).
    terser({
      format: { comments: new RegExp(`^${COMPILE_HINT.slice(2)}$`) },
      compress: { passes: 3 },
      ecma: 2022,
      module: true,
    }),
  ],
  onwarn(warning, warn) {
    // TypeBox's ESM build carries TS helpers that reference top-level `this`; harmless.
    if (warning.code === 'THIS_IS_UNDEFINED') return;
    if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
    warn(warning);
  },
};
