/**
 * The closing note of `npm run bench`: issue #12's targets, each with the figures of this run it is
 * judged on and whether it holds. Ratios are ours / peer (below 1 means ours is faster or smaller).
 */

const KB = 1024;

function sizeLabel(size) {
  if (size >= 1_000_000 && size % 1_000_000 === 0) return `${size / 1_000_000}M`;
  if (size >= 1_000 && size % 1_000 === 0) return `${size / 1_000}k`;
  return String(size);
}

const ratio = (ours, peer) => (typeof ours === 'number' && typeof peer === 'number' && peer > 0 ? ours / peer : null);

/**
 * @param {{ sizes: object, summary: Array<{ size: number, libs: Record<string, any> }>, cold?: object, panel?: object }} run
 * @returns {{ lines: string[], verdicts: Array<{ target: string, holds: boolean | null, figures: string }> }}
 */
export function judgeTargets({ sizes, summary, panel }) {
  const verdicts = [];
  const add = (target, holds, figures) => verdicts.push({ target, holds, figures });

  const eager = sizes?.ours?.eager?.gzip;
  add(
    'eager gzip of dist/kline-chart.js + static imports <= 60 KB',
    typeof eager === 'number' ? eager <= 60 * KB : null,
    typeof eager === 'number'
      ? `${(eager / KB).toFixed(1)} KiB; klinecharts ${fmtKb(sizes.peers?.klinecharts)}, lightweight-charts ${fmtKb(sizes.peers?.['lightweight-charts'])}, uPlot ${fmtKb(sizes.peers?.uplot)}`
      : 'not measured',
  );

  const at = (size) => summary.find((s) => s.size === size)?.libs ?? {};
  const metric = (libs, lib, key) => (libs[lib]?.status === 'ok' ? libs[lib][key] : undefined);
  const frames = [
    ['panMs', 'drag pan frame'],
    ['panCpuMs', 'drag pan CPU (gross)'],
    ['zoomMs', 'wheel zoom frame'],
    ['zoomCpuMs', 'wheel zoom CPU (gross)'],
    ['apiPanMs', 'API pan work'],
    ['apiPanCpuMs', 'API pan CPU (net)'],
    ['apiZoomMs', 'API zoom work'],
    ['apiZoomCpuMs', 'API zoom CPU (net)'],
  ];
  for (const size of [10_000, 100_000]) {
    const libs = at(size);
    if (!libs.ours) continue;
    for (const [key, label] of frames) {
      const ours = metric(libs, 'ours', key);
      const lwc = ratio(ours, metric(libs, 'lightweight-charts', key));
      const up = ratio(ours, metric(libs, 'uplot', key));
      add(
        `${label} at ${sizeLabel(size)} <= 0.8x lightweight-charts`,
        lwc === null ? null : lwc <= 0.8,
        lwc === null ? 'not measured' : `${ours.toFixed(1)} ms, ${lwc.toFixed(2)}x`,
      );
      add(
        `${label} at ${sizeLabel(size)} <= plain uPlot + 20 %`,
        up === null ? null : up <= 1.2,
        up === null ? 'not measured' : `${ours.toFixed(1)} ms, ${up.toFixed(2)}x`,
      );
    }
  }

  for (const [size, limit] of [
    [10_000, 1.0],
    [100_000, 0.5],
    [1_000_000, 0.5],
  ]) {
    const libs = at(size);
    const ours = metric(libs, 'ours', 'firstPaintMs');
    const peers = ['lightweight-charts', 'klinecharts']
      .map((lib) => [lib, metric(libs, lib, 'firstPaintMs')])
      .filter(([, v]) => typeof v === 'number')
      .sort((a, b) => a[1] - b[1]);
    const fastest = peers[0];
    const r = fastest ? ratio(ours, fastest[1]) : null;
    add(
      `first paint at ${sizeLabel(size)} <= ${limit.toFixed(1)}x the fastest peer`,
      r === null ? null : r <= limit,
      r === null
        ? 'not measured'
        : `${ours.toFixed(0)} ms vs ${fastest[0]} ${fastest[1].toFixed(0)} ms: ${r.toFixed(2)}x`,
    );
  }

  const big = at(1_000_000);
  const heap = ratio(metric(big, 'ours', 'heapMB'), metric(big, 'uplot', 'heapMB'));
  add(
    'heap at 1M <= plain uPlot',
    heap === null ? null : heap <= 1,
    heap === null
      ? 'not measured'
      : `${metric(big, 'ours', 'heapMB').toFixed(1)} MB vs ${metric(big, 'uplot', 'heapMB').toFixed(1)} MB: ${heap.toFixed(2)}x`,
  );

  if (panel?.status === 'ok') {
    // The main thread's CPU time per token when measured (bench/README.md: wall time on a shared
    // machine mostly measures the other processes), else wall time.
    const cpu = Number.isFinite(panel.laterMainMsPerToken) && Number.isFinite(panel.firstMainMsPerToken);
    const later = cpu ? panel.laterMainMsPerToken : panel.laterMsPerToken;
    const first = cpu ? panel.firstMainMsPerToken : panel.firstMsPerToken;
    const r = later / first;
    add(
      `panel: ${cpu ? 'CPU ' : ''}ms per token at message ${panel.atMessage} <= 1.5x message 1`,
      r <= 1.5,
      `${later.toFixed(2)} vs ${first.toFixed(2)} ms: ${r.toFixed(2)}x`,
    );
  } else
    add('panel: ms per token at message 500 <= 1.5x message 1', null, `not measured (${panel?.status ?? 'skipped'})`);

  const width = Math.max(...verdicts.map((v) => v.target.length));
  const lines = verdicts.map(
    (v) => `${v.holds === null ? '  ?  ' : v.holds ? 'holds' : 'MISS '}  ${v.target.padEnd(width)}  ${v.figures}`,
  );
  return { lines, verdicts };
}

function fmtKb(s) {
  return s && typeof s.gzip === 'number' ? `${(s.gzip / KB).toFixed(1)} KiB` : '-';
}
