/**
 * Indicator benchmark: our MACD, RSI, BOLL, KDJ, ATR, STOCH over generated bars against
 * technicalindicators, trading-signals and @ixjb94/indicators (each with what it offers for the
 * study), runs interleaved, medians of N runs and the ratio to the fastest peer; then live ticks on
 * the same series: our incremental updater versus a full recompute, median per tick.
 *
 * Run: `npx tsc -p tsconfig.json && node build/bench/indicators.js [bars] [runs] [ticks]`.
 */
import { pathToFileURL } from 'node:url';
import * as ixjb from '@ixjb94/indicators';
import * as ti from 'technicalindicators';
import {
  ATR as TsATR,
  BollingerBands as TsBollingerBands,
  EMA as TsEMA,
  MACD as TsMACD,
  RSI as TsRSI,
  StochasticOscillator as TsStochastic,
} from 'trading-signals';
import { BUILTIN_INDICATORS, type IndicatorColumns, type IndicatorDefinition } from '../src/core/indicators/index.js';

/** Options of {@link runIndicatorBench}. */
export interface IndicatorBenchOptions {
  /** Bars in the generated series (default 1,000,000). */
  readonly bars?: number;
  /** Timed runs per contender (default 5, after one untimed warm-up run). */
  readonly runs?: number;
  /** Live ticks for the updater comparison (default 10,000). */
  readonly ticks?: number;
  /** Progress lines go here (default: nowhere). */
  readonly log?: (line: string) => void;
}

interface Contender {
  readonly name: string;
  /** Runs the full computation once and returns a number derived from it (keeps it from being optimised away). */
  readonly run: () => number;
  /** What the peer computes when it is not the same study. */
  readonly note?: string;
}

const PEERS = ['technicalindicators', 'trading-signals', '@ixjb94/indicators'] as const;

function generate(n: number): IndicatorColumns & { timezone: string } {
  const c = {
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
    length: n,
    timezone: 'UTC',
  };
  let s = 42;
  const rnd = (): number => (s = (s * 16807) % 2147483647) / 2147483647;
  let p = 100;
  for (let i = 0; i < n; i++) {
    const o = p;
    p = Math.max(1, p * (1 + (rnd() - 0.5) * 0.02));
    c.time[i] = 1_600_000_000_000 + i * 60_000;
    c.open[i] = o;
    c.close[i] = p;
    c.high[i] = Math.max(o, p) * (1 + rnd() * 0.005);
    c.low[i] = Math.min(o, p) * (1 - rnd() * 0.005);
    c.volume[i] = 1000 + Math.floor(rnd() * 9000);
  }
  return c;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function def(id: string): IndicatorDefinition {
  const d = BUILTIN_INDICATORS.find((x) => x.id === id);
  if (!d) throw new Error(`missing ${id}`);
  return d;
}

function last(a: ArrayLike<number> | undefined): number {
  return a && a.length ? Number(a[a.length - 1]) || 0 : 0;
}

function fmt(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

/**
 * Runs the benchmark and returns a plain-text report (tables). Takes a while at 1M bars: the
 * object-based peers need seconds per run.
 */
export async function runIndicatorBench(options: IndicatorBenchOptions = {}): Promise<string> {
  const bars = options.bars ?? 1_000_000;
  const runs = options.runs ?? 5;
  const ticks = options.ticks ?? 10_000;
  const log = options.log ?? ((): void => {});
  const cols = generate(bars);
  // Peers take plain arrays / objects; building them is not timed.
  const close = Array.from(cols.close);
  const high = Array.from(cols.high);
  const low = Array.from(cols.low);
  const candles = close.map((c, i) => ({ high: high[i], low: low[i], close: c }));
  const ix = new ixjb.IndicatorsSync();

  const ours = (id: string, params: Record<string, unknown>): Contender => {
    const d = def(id);
    return {
      name: 'ours',
      run: () => {
        const v = d.compute(cols, params);
        let s = 0;
        for (const k in v) s += last(v[k]);
        return s;
      },
    };
  };

  const studies: { id: string; label: string; contenders: Contender[] }[] = [
    {
      id: 'MACD',
      label: 'MACD(12,26,9)',
      contenders: [
        ours('MACD', { fast: 12, slow: 26, signal: 9 }),
        {
          name: 'technicalindicators',
          run: () =>
            last(
              ti.MACD.calculate({
                values: close,
                fastPeriod: 12,
                slowPeriod: 26,
                signalPeriod: 9,
                SimpleMAOscillator: false,
                SimpleMASignal: false,
              }).map((r) => r.MACD ?? 0),
            ),
        },
        {
          name: 'trading-signals',
          run: () => {
            const m = new TsMACD(new TsEMA(12), new TsEMA(26), new TsEMA(9));
            let r: number | undefined;
            for (let i = 0; i < bars; i++) r = m.add(close[i])?.macd;
            return r ?? 0;
          },
        },
        { name: '@ixjb94/indicators', run: () => last(ix.macd(close, 12, 26, 9)[0]) },
      ],
    },
    {
      id: 'RSI',
      label: 'RSI(14)',
      contenders: [
        ours('RSI', { period: 14 }),
        { name: 'technicalindicators', run: () => last(ti.RSI.calculate({ values: close, period: 14 })) },
        {
          name: 'trading-signals',
          run: () => {
            const m = new TsRSI(14);
            let r: number | null = null;
            for (let i = 0; i < bars; i++) r = m.add(close[i]);
            return r ?? 0;
          },
        },
        { name: '@ixjb94/indicators', run: () => last(ix.rsi(close, 14)) },
      ],
    },
    {
      id: 'BOLL',
      label: 'BOLL(20,2)',
      contenders: [
        ours('BOLL', { period: 20, multiplier: 2 }),
        {
          name: 'technicalindicators',
          run: () => last(ti.BollingerBands.calculate({ values: close, period: 20, stdDev: 2 }).map((r) => r.upper)),
        },
        {
          name: 'trading-signals',
          run: () => {
            const m = new TsBollingerBands(20, 2);
            let r: number | undefined;
            for (let i = 0; i < bars; i++) r = m.add(close[i])?.upper;
            return r ?? 0;
          },
        },
        { name: '@ixjb94/indicators', run: () => last(ix.bbands(close, 20, 2)[0]) },
      ],
    },
    {
      id: 'KDJ',
      label: 'KDJ(9,3,3)',
      contenders: [
        ours('KDJ', { period: 9, kSmooth: 3, dSmooth: 3 }),
        {
          name: 'technicalindicators',
          note: 'no KDJ: Stochastic(9,3)',
          run: () => last(ti.Stochastic.calculate({ high, low, close, period: 9, signalPeriod: 3 }).map((r) => r.k)),
        },
        {
          name: 'trading-signals',
          note: 'no KDJ: StochasticOscillator(9,3,3), whose J = 3K − 2D uses SMA slowing',
          run: () => {
            const m = new TsStochastic({ kPeriod: 9, kSlowingPeriod: 3, dPeriod: 3 });
            let r: number | undefined;
            for (let i = 0; i < bars; i++) r = m.add(candles[i])?.stochJ;
            return r ?? 0;
          },
        },
        {
          name: '@ixjb94/indicators',
          note: 'no KDJ: stoch(9,3,3)',
          run: () => last(ix.stoch(high, low, close, 9, 3, 3)[0]),
        },
      ],
    },
    {
      id: 'ATR',
      label: 'ATR(14)',
      contenders: [
        ours('ATR', { period: 14 }),
        { name: 'technicalindicators', run: () => last(ti.ATR.calculate({ high, low, close, period: 14 })) },
        {
          name: 'trading-signals',
          run: () => {
            const m = new TsATR(14);
            let r: number | null = null;
            for (let i = 0; i < bars; i++) r = m.add(candles[i]);
            return r ?? 0;
          },
        },
        { name: '@ixjb94/indicators', run: () => last(ix.atr(high, low, close, 14)) },
      ],
    },
    {
      id: 'STOCH',
      label: 'STOCH(14,3,3)',
      contenders: [
        ours('STOCH', { kPeriod: 14, kSmooth: 3, dPeriod: 3 }),
        {
          name: 'technicalindicators',
          note: 'fast %K(14) with %D(3): no slowing option',
          run: () => last(ti.Stochastic.calculate({ high, low, close, period: 14, signalPeriod: 3 }).map((r) => r.k)),
        },
        {
          name: 'trading-signals',
          run: () => {
            const m = new TsStochastic({ kPeriod: 14, kSlowingPeriod: 3, dPeriod: 3 });
            let r: number | undefined;
            for (let i = 0; i < bars; i++) r = m.add(candles[i])?.stochK;
            return r ?? 0;
          },
        },
        { name: '@ixjb94/indicators', run: () => last(ix.stoch(high, low, close, 14, 3, 3)[0]) },
      ],
    },
  ];

  const times = new Map<string, number[]>();
  let sink = 0;
  for (let r = -1; r < runs; r++) {
    for (const study of studies) {
      // Rotate the order each run so no contender always runs first (GC, cache state).
      const order = study.contenders.map((_, k) => study.contenders[(k + Math.max(0, r)) % study.contenders.length]);
      for (const c of order) {
        const t0 = performance.now();
        sink += c.run();
        const dt = performance.now() - t0;
        if (r >= 0) {
          const key = `${study.id}/${c.name}`;
          const list = times.get(key) ?? [];
          list.push(dt);
          times.set(key, list);
        }
      }
    }
    log(r < 0 ? 'warm-up run done' : `run ${r + 1}/${runs} done`);
  }

  const lines: string[] = [];
  lines.push(
    `Indicators over ${bars.toLocaleString('en-US')} bars: median of ${runs} interleaved runs (ms), Node ${process.version}`,
  );
  lines.push('');
  const header = ['study', 'ours', ...PEERS, 'fastest peer / ours'];
  const rows: string[][] = [header];
  const notes: string[] = [];
  for (const study of studies) {
    const ourMs = median(times.get(`${study.id}/ours`) ?? [NaN]);
    const row = [study.label, fmt(ourMs)];
    let best = Infinity;
    for (const peer of PEERS) {
      const c = study.contenders.find((x) => x.name === peer);
      const ms = c ? median(times.get(`${study.id}/${peer}`) ?? [NaN]) : NaN;
      if (c?.note) notes.push(`${study.label} / ${peer}: ${c.note}`);
      best = Math.min(best, ms);
      row.push(c ? fmt(ms) + (c.note ? '*' : '') : '—');
    }
    row.push(`${(best / ourMs).toFixed(1)}×`);
    rows.push(row);
  }
  const widths = header.map((_, k) => Math.max(...rows.map((r) => r[k].length)));
  for (const r of rows)
    lines.push(r.map((cell, k) => (k === 0 ? cell.padEnd(widths[k]) : cell.padStart(widths[k]))).join('  '));
  if (notes.length) {
    lines.push('');
    for (const n of notes) lines.push(`* ${n}`);
  }

  // Live ticks: the last bar changes in place; every 100th tick a new bar is appended.
  lines.push('');
  lines.push(
    `Live ticks on ${bars.toLocaleString('en-US')} bars: ${ticks.toLocaleString('en-US')} ticks (1 in 100 appends a bar); median per tick`,
  );
  lines.push('');
  const appends = Math.ceil(ticks / 100) + 1;
  const cap = bars + appends;
  const big = generate(cap);
  const view = (n: number): IndicatorColumns => ({
    time: big.time.subarray(0, n),
    open: big.open.subarray(0, n),
    high: big.high.subarray(0, n),
    low: big.low.subarray(0, n),
    close: big.close.subarray(0, n),
    volume: big.volume.subarray(0, n),
    length: n,
    timezone: 'UTC',
  });
  const tickRows: string[][] = [['study', 'updater (µs/tick)', 'full recompute (ms/tick)', 'speed-up']];
  for (const study of studies) {
    const d = def(study.id);
    const params = Object.fromEntries(Object.entries(d.params.properties).map(([k, s]) => [k, s.default as unknown]));
    let n = bars;
    const updater = d.createUpdater?.(view(n), params);
    if (!updater) throw new Error(`${study.id} has no streaming updater`);
    const per: number[] = [];
    let s = 0;
    for (let t = 0; t < ticks; t++) {
      const append = t % 100 === 99;
      if (append) n++;
      const i = n - 1;
      big.close[i] = big.close[i] * (1 + ((t % 7) - 3) * 1e-4);
      if (big.close[i] > big.high[i]) big.high[i] = big.close[i];
      if (big.close[i] < big.low[i]) big.low[i] = big.close[i];
      const cv = view(n);
      const t0 = performance.now();
      updater.update(cv, append);
      per.push(performance.now() - t0);
      for (const k in updater.values) s += last(updater.values[k]);
    }
    sink += s;
    const full: number[] = [];
    for (let t = 0; t < Math.max(5, runs); t++) {
      const t0 = performance.now();
      const v = d.compute(view(n), params);
      full.push(performance.now() - t0);
      for (const k in v) sink += last(v[k]);
    }
    const u = median(per);
    const f = median(full);
    tickRows.push([study.label, (u * 1000).toFixed(2), fmt(f), `${Math.round(f / u).toLocaleString('en-US')}×`]);
    log(`ticks ${study.id} done`);
  }
  const tw = tickRows[0].map((_, k) => Math.max(...tickRows.map((r) => r[k].length)));
  for (const r of tickRows)
    lines.push(r.map((cell, k) => (k === 0 ? cell.padEnd(tw[k]) : cell.padStart(tw[k]))).join('  '));
  lines.push('');
  lines.push(`(checksum ${sink.toExponential(3)})`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [bars, runs, ticks] = process.argv.slice(2).map(Number);
  runIndicatorBench({
    bars: bars || undefined,
    runs: runs || undefined,
    ticks: ticks || undefined,
    log: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (report) => process.stdout.write(`${report}\n`),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
