/**
 * The results table: per size, one row per metric, each library's median and, for peers,
 * the ratio peer / ours (> 1 means ours is faster or smaller).
 */

const METRICS = [
  { key: 'firstPaintMs', label: 'first paint ms', digits: 0 },
  { key: 'panMs', label: 'drag pan ms', digits: 1, moved: 'panMoved' },
  { key: 'panCpuMs', label: '  CPU ms (gross)', digits: 1 },
  { key: 'zoomMs', label: 'wheel zoom ms', digits: 1, moved: 'zoomMoved' },
  { key: 'zoomCpuMs', label: '  CPU ms (gross)', digits: 1 },
  { key: 'apiPanMs', label: 'API pan work ms', digits: 1 },
  { key: 'apiPanFirstFrameMs', label: '  first frame only ms', digits: 1 },
  { key: 'apiPanCpuMs', label: '  CPU ms (net)', digits: 1 },
  { key: 'apiZoomMs', label: 'API zoom work ms', digits: 1 },
  { key: 'apiZoomFirstFrameMs', label: '  first frame only ms', digits: 1 },
  { key: 'apiZoomCpuMs', label: '  CPU ms (net)', digits: 1 },
  { key: 'heapMB', label: 'heap MB', digits: 1 },
];

function sizeLabel(size) {
  if (size >= 1_000_000 && size % 1_000_000 === 0) return `${size / 1_000_000}M`;
  if (size >= 1_000 && size % 1_000 === 0) return `${size / 1_000}k`;
  return String(size);
}

function pad(text, width, right = false) {
  return right ? text.padStart(width) : text.padEnd(width);
}

/**
 * @param {Array<{ size: number, libs: Record<string, { status: string, runs: number,
 *   firstPaintMs?: number|null, panMs?: number|null, zoomMs?: number|null, heapMB?: number|null,
 *   loadedBars?: number|null, panMoved?: boolean, zoomMoved?: boolean }>}>} summary
 * @param {string[]} libs column order
 * @returns {string}
 */
export function formatTable(summary, libs) {
  const peers = libs.filter((lib) => lib !== 'ours');
  const header = [
    'bars',
    'metric',
    ...libs.flatMap((lib) => (lib === 'ours' || !libs.includes('ours') ? [lib] : [lib, '/ours'])),
  ];
  const rows = [];
  let stuck = false;
  let lossy = false;
  for (const { size, libs: byLib } of summary) {
    METRICS.forEach((metric, m) => {
      const row = [m === 0 ? sizeLabel(size) : '', metric.label];
      const ours = byLib.ours;
      for (const lib of libs) {
        const entry = byLib[lib];
        const value = entry?.[metric.key];
        const ok = entry && entry.status === 'ok' && typeof value === 'number';
        const still = ok && metric.moved && entry[metric.moved] === false;
        const lost = ok && !metric.moved && entry.loadedBars !== size;
        stuck ||= still;
        lossy ||= lost;
        const mark = (still ? '!' : '') + (lost ? '?' : '');
        row.push(ok ? value.toFixed(metric.digits) + mark : entry?.status === 'ok' ? '-' : (entry?.status ?? '-'));
        if (lib !== 'ours' && libs.includes('ours')) {
          const base = ours?.status === 'ok' ? ours[metric.key] : null;
          row.push(ok && typeof base === 'number' && base > 0 ? `${(value / base).toFixed(2)}x` : '-');
        }
      }
      rows.push(row);
    });
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => pad(c, widths[i], i >= 2)).join('  ');
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
  if (peers.length && libs.includes('ours'))
    out.push('', '/ours = peer / ours: above 1x means ours is faster (or smaller).');
  if (lossy) out.push('? = the chart did not hold the bars it was given (another data set?): not comparable.');
  if (stuck)
    out.push('! = the drag or wheel did not change the visible range in some run: those frames drew nothing new.');
  return out.join('\n');
}
