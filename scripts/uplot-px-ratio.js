// uPlot 1.6.32 (the latest release) backs every plot's canvas at one module-wide ratio, the window's
// devicePixelRatio. A chart under a CSS `zoom` (a container's, a CMS theme's) is shown `zoom` times
// larger than its CSS px, so it needs `devicePixelRatio × zoom` device px per CSS px or its candles and
// text are upscaled and blurry. uPlot's own repository has a per-plot ratio since commit 58a67b2
// ("implement u.pxRatio and u.setPxRatio()", not released yet): `opts.pxRatio`, `u.pxRatio` and
// `u.setPxRatio(ratio)`. These edits give the released file the same three, applied by the bundle
// (rollup.config.js) and the browser tests (web-test-runner.config.js). A local `pxRatio` at the top
// of the constructor shadows the module's in all its code; the module-level helpers it calls take the
// plot's. The path builders the chart never uses (stepped, bars) keep the window's ratio.
// src/render/plot-pixel-ratio.ts falls back to `uPlot.pxRatio` when a plot has none (unpatched uPlot
// under the unbundled `kline-chart-agent/elements` entry).

/** `{ from, to, count }`: `from` must occur exactly `count` times in uPlot.esm.js. */
export const UPLOT_PX_RATIO_EDITS = [
  {
    from: 'function pxRatioFont(font) {\n',
    to: 'function pxRatioFont(font, pxRatio) {\n',
    count: 1,
  },
  {
    from: 'function syncFontSize(axis) {\n',
    to: 'function syncFontSize(axis, pxRatio) {\n',
    count: 1,
  },
  {
    from: 'function uPlot(opts, data, then) {\n',
    to:
      'function uPlot(opts, data, then) {\n' +
      '\tlet pxRatio = opts.pxRatio ?? uPlot.pxRatio;\n' +
      '\tfunction setPxRatio(ratio) {\n' +
      '\t\tpxRatio = self.pxRatio = ratio ?? uPlot.pxRatio;\n' +
      '\t\taxes.forEach(axis => syncFontSize(axis, pxRatio));\n' +
      '\t\t_setSize(self.width, self.height, true);\n' +
      '\t}\n',
    count: 1,
  },
  {
    from: '\t};\n\n\tconst mode = self.mode;\n',
    to: '\t};\n\n\tself.pxRatio = pxRatio;\n\tself.setPxRatio = setPxRatio;\n\tconst mode = self.mode;\n',
    count: 1,
  },
  {
    from: '\t\t\taxis.font      = pxRatioFont(axis.font);\n',
    to: '\t\t\taxis.font      = pxRatioFont(axis.font, pxRatio);\n',
    count: 1,
  },
  {
    from: '\t\t\taxis.labelFont = pxRatioFont(axis.labelFont);\n',
    to: '\t\t\taxis.labelFont = pxRatioFont(axis.labelFont, pxRatio);\n',
    count: 1,
  },
  // A change of the window's ratio (another screen, the browser's zoom) resets a plot to it, as upstream.
  {
    from: '\t\taxes.forEach(syncFontSize);\n\t\t_setSize(self.width, self.height, true);\n',
    to: '\t\tsetPxRatio();\n',
    count: 1,
  },
  {
    from: '\tlet maxPts = dim / (s.points.space * pxRatio);\n',
    to: '\tlet maxPts = dim / (s.points.space * self.pxRatio);\n',
    count: 1,
  },
  {
    from: '\treturn (u, seriesIdx, idx0, idx1, filtIdxs) => {\n\t//\tlog("drawPoints()", arguments);\n',
    to: '\treturn (u, seriesIdx, idx0, idx1, filtIdxs) => {\n\t\tlet { pxRatio } = u;\n',
    count: 1,
  },
];

/** `code` with `edits` applied; throws naming the first edit whose text is not found `count` times. */
export function applyEdits(code, edits, what = 'uPlot') {
  let out = code;
  for (const { from, to, count } of edits) {
    const found = out.split(from).length - 1;
    if (found !== count)
      throw new Error(
        `${what} has ${found} × ${JSON.stringify(from)}, expected ${count}; update scripts/uplot-px-ratio.js`,
      );
    out = out.split(from).join(to);
  }
  return out;
}
