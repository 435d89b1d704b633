/**
 * 通达信 (TDX) formulas evaluated bar by bar, written straight from the formula text shipped with
 * 通达信 (公式管理器 → 技术指标公式, e.g. MACD: "DIF:EMA(CLOSE,SHORT)-EMA(CLOSE,LONG);
 * DEA:EMA(DIF,MID); MACD:(DIF-DEA)*2,COLORSTICK;") and its function reference (函数说明:
 * EMA(X,N) = [2·X + (N−1)·Y′]/(N+1); SMA(X,N,M) = [M·X + (N−M)·Y′]/N; STD = sample σ (估算标准差);
 * AVEDEV = mean absolute deviation; HHV/LLV over the bars available).
 *
 * Deliberately naive: every window is re-read at every bar, no running sums, `null` = no value.
 * Nothing here is shared with the implementation.
 */
export type S = (number | null)[];

const ok = (v: number | null | undefined): v is number => v !== null && v !== undefined && !Number.isNaN(v);

export function from(a: ArrayLike<number>): S {
  return Array.from(a, (v) => (Number.isNaN(v) ? null : v));
}

/** Element-wise operation; null when any operand is null. */
export function op(f: (...xs: number[]) => number, ...series: S[]): S {
  return series[0].map((_, i) => {
    const xs = series.map((s) => s[i]);
    return xs.every(ok) ? f(...xs) : null;
  });
}

/** Division as TDX shows it: 0 for a zero divisor. */
export const div = (a: number, b: number): number => (b === 0 ? 0 : a / b);

export function REF(x: S, n: number): S {
  return x.map((_, i) => (i - n >= 0 ? x[i - n] : null));
}

function window(x: S, n: number, i: number): number[] | null {
  if (i - n + 1 < 0) return null;
  const w = x.slice(i - n + 1, i + 1);
  return w.every(ok) ? w : null;
}

export function MA(x: S, n: number): S {
  return x.map((_, i) => {
    const w = window(x, n, i);
    return w ? w.reduce((a, b) => a + b, 0) / n : null;
  });
}

export function SUM(x: S, n: number): S {
  if (n === 0) {
    let total: number | null = null;
    return x.map((v) => (ok(v) ? (total = (total ?? 0) + v) : null));
  }
  return x.map((_, i) => {
    const w = window(x, n, i);
    return w ? w.reduce((a, b) => a + b, 0) : null;
  });
}

export function STD(x: S, n: number): S {
  return x.map((_, i) => {
    const w = window(x, n, i);
    if (!w || n < 2) return null;
    const m = w.reduce((a, b) => a + b, 0) / n;
    return Math.sqrt(w.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1));
  });
}

export function AVEDEV(x: S, n: number): S {
  return x.map((_, i) => {
    const w = window(x, n, i);
    if (!w) return null;
    const m = w.reduce((a, b) => a + b, 0) / n;
    return w.reduce((a, b) => a + Math.abs(b - m), 0) / n;
  });
}

export function HHV(x: S, n: number): S {
  return x.map((_, i) => {
    const w = x.slice(Math.max(0, i - n + 1), i + 1).filter(ok);
    return w.length ? Math.max(...w) : null;
  });
}

export function LLV(x: S, n: number): S {
  return x.map((_, i) => {
    const w = x.slice(Math.max(0, i - n + 1), i + 1).filter(ok);
    return w.length ? Math.min(...w) : null;
  });
}

/** SMA(X,N,M): Y = (M·X + (N−M)·Y′)/N, Y = X at the first value (or from `seed` when given). */
export function SMA(x: S, n: number, m: number, seed: number | null = null): S {
  let y: number | null = seed;
  return x.map((v) => {
    if (!ok(v)) return null;
    y = y === null ? v : (m * v + (n - m) * y) / n;
    return y;
  });
}

/** EMA(X,N): Y = (2·X + (N−1)·Y′)/(N+1), Y = X at the first value. */
export function EMA(x: S, n: number): S {
  let y: number | null = null;
  return x.map((v) => {
    if (!ok(v)) return null;
    y = y === null ? v : (2 * v + (n - 1) * y) / (n + 1);
    return y;
  });
}

export function toArray(x: S): Float64Array {
  return Float64Array.from(x, (v) => (v === null ? NaN : v));
}
