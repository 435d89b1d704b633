import type { Bars } from './bars.js';

/**
 * Heikin-Ashi bars of a series, as TradingView and most terminals draw them: close = (O + H + L + C) / 4,
 * open = the average of the previous Heikin-Ashi open and close (the first bar's: (O + C) / 2), high and
 * low the extremes of the bar's high or low and that open and close. Times and volumes are the series'
 * own. Kept up to date incrementally: a series that extends the memory of the last one (a live tick, a
 * new bar, a replay step) recomputes from its last bar on, anything else from the start. The result is
 * for painting: the legend, the price tag and every tool keep the market's prices.
 */
export class HeikinAshi {
  #input: Bars | null = null;
  #output: Bars | null = null;
  #open = new Float64Array(0);
  #high = new Float64Array(0);
  #low = new Float64Array(0);
  #close = new Float64Array(0);

  of(bars: Bars): Bars {
    if (bars === this.#input && this.#output) return this.#output;
    const prev = this.#input;
    const n = bars.length;
    const extends_ =
      prev !== null &&
      prev.length > 0 &&
      n >= prev.length &&
      prev.time.buffer === bars.time.buffer &&
      prev.time[0] === bars.time[0];
    const from = extends_ ? prev.length - 1 : 0;
    if (this.#open.length < n) this.#grow(Math.max(n, Math.ceil(this.#open.length * 1.5)), from);
    const { open, high, low, close } = bars;
    const ho = this.#open;
    const hh = this.#high;
    const hl = this.#low;
    const hc = this.#close;
    for (let i = from; i < n; i++) {
      const c = (open[i] + high[i] + low[i] + close[i]) / 4;
      const o = i === 0 ? (open[0] + close[0]) / 2 : (ho[i - 1] + hc[i - 1]) / 2;
      ho[i] = o;
      hc[i] = c;
      hh[i] = Math.max(high[i], o, c);
      hl[i] = Math.min(low[i], o, c);
    }
    this.#input = bars;
    return (this.#output = {
      time: bars.time,
      open: ho.subarray(0, n),
      high: hh.subarray(0, n),
      low: hl.subarray(0, n),
      close: hc.subarray(0, n),
      volume: bars.volume,
      length: n,
    });
  }

  /** Larger columns, keeping the first `keep` bars already computed. */
  #grow(size: number, keep: number): void {
    const copy = (from: Float64Array) => {
      const to = new Float64Array(size);
      to.set(from.subarray(0, keep));
      return to;
    };
    this.#open = copy(this.#open);
    this.#high = copy(this.#high);
    this.#low = copy(this.#low);
    this.#close = copy(this.#close);
  }
}
