/**
 * Naive reference implementations written straight from each study's definition (window loops,
 * no running sums, no streaming state), so the library's O(n) kernels and steppers are checked
 * against something built differently. TA-Lib semantics follow the TA-Lib C sources.
 */
import type { TestColumns } from './fixtures.js';

type Series = Float64Array;
const nanArray = (n: number): Series => new Float64Array(n).fill(NaN);
const EPS = 1e-14;
const isZero = (v: number): boolean => -EPS < v && v < EPS;

export function sma(x: ArrayLike<number>, p: number, from = 0): Series {
  const out = nanArray(x.length);
  for (let i = from + p - 1; i < x.length; i++) {
    let s = 0;
    for (let j = i - p + 1; j <= i; j++) s += x[j];
    out[i] = s / p;
  }
  return out;
}

/** EMA seeded with the mean of the first p values starting at `from`. */
export function ema(x: ArrayLike<number>, p: number, from = 0): Series {
  const out = nanArray(x.length);
  if (from + p - 1 >= x.length) return out;
  let s = 0;
  for (let j = from; j < from + p; j++) s += x[j];
  let e = s / p;
  out[from + p - 1] = e;
  const k = 2 / (p + 1);
  for (let i = from + p; i < x.length; i++) {
    e = e + k * (x[i] - e);
    out[i] = e;
  }
  return out;
}

export function wma(x: ArrayLike<number>, p: number, from = 0): Series {
  const out = nanArray(x.length);
  for (let i = from + p - 1; i < x.length; i++) {
    let s = 0;
    let w = 0;
    for (let j = 0; j < p; j++) {
      s += (j + 1) * x[i - p + 1 + j];
      w += j + 1;
    }
    out[i] = s / w;
  }
  return out;
}

export function first(a: Series): number {
  for (let i = 0; i < a.length; i++) if (!Number.isNaN(a[i])) return i;
  return a.length;
}

export function trima(x: ArrayLike<number>, n: number): Series {
  const w: number[] = [];
  if (n % 2 === 1) {
    const m = (n + 1) / 2;
    for (let j = 1; j <= n; j++) w.push(j <= m ? j : n + 1 - j);
  } else {
    const m = n / 2;
    for (let j = 1; j <= n; j++) w.push(j <= m ? j : n + 1 - j);
  }
  const total = w.reduce((a, b) => a + b, 0);
  const out = nanArray(x.length);
  for (let i = n - 1; i < x.length; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += w[j] * x[i - n + 1 + j];
    out[i] = s / total;
  }
  return out;
}

export function kama(x: ArrayLike<number>, n: number): Series {
  const out = nanArray(x.length);
  const fast = 2 / 3;
  const slow = 2 / 31;
  let prev = x[n - 1];
  for (let t = n; t < x.length; t++) {
    const change = x[t] - x[t - n];
    let path = 0;
    for (let j = t - n + 1; j <= t; j++) path += Math.abs(x[j] - x[j - 1]);
    const er = path <= change || isZero(path) ? 1 : Math.abs(change / path);
    const sc = (er * (fast - slow) + slow) ** 2;
    prev = prev + sc * (x[t] - prev);
    out[t] = prev;
  }
  return out;
}

export function t3(x: ArrayLike<number>, n: number, a: number): Series {
  const e1 = ema(x, n);
  const e2 = ema(e1, n, first(e1));
  const e3 = ema(e2, n, first(e2));
  const e4 = ema(e3, n, first(e3));
  const e5 = ema(e4, n, first(e4));
  const e6 = ema(e5, n, first(e5));
  const c1 = -a * a * a;
  const c2 = 3 * a * a + 3 * a * a * a;
  const c3 = -6 * a * a - 3 * a - 3 * a * a * a;
  const c4 = 1 + 3 * a + a * a * a + 3 * a * a;
  return e6.map((_, i) => c1 * e6[i] + c2 * e5[i] + c3 * e4[i] + c4 * e3[i]);
}

export function stdevPop(x: ArrayLike<number>, p: number, i: number): number {
  let m = 0;
  for (let j = i - p + 1; j <= i; j++) m += x[j];
  m /= p;
  let v = 0;
  for (let j = i - p + 1; j <= i; j++) v += (x[j] - m) ** 2;
  return Math.sqrt(v / p);
}

export function highest(x: ArrayLike<number>, p: number, i: number): number {
  let m = -Infinity;
  for (let j = i - p + 1; j <= i; j++) m = Math.max(m, x[j]);
  return m;
}

export function lowest(x: ArrayLike<number>, p: number, i: number): number {
  let m = Infinity;
  for (let j = i - p + 1; j <= i; j++) m = Math.min(m, x[j]);
  return m;
}

export function trueRangeAt(c: TestColumns, i: number): number {
  const pc = c.close[i - 1];
  return Math.max(c.high[i] - c.low[i], Math.abs(c.high[i] - pc), Math.abs(c.low[i] - pc));
}

export function atr(c: TestColumns, p: number): Series {
  const out = nanArray(c.length);
  if (p >= c.length) return out;
  let s = 0;
  for (let i = 1; i <= p; i++) s += trueRangeAt(c, i);
  let a = s / p;
  out[p] = a;
  for (let i = p + 1; i < c.length; i++) {
    a = (a * (p - 1) + trueRangeAt(c, i)) / p;
    out[i] = a;
  }
  return out;
}

export function rsi(x: ArrayLike<number>, p: number, cmo = false): Series {
  const out = nanArray(x.length);
  let g = 0;
  let l = 0;
  for (let i = 1; i < x.length; i++) {
    const d = x[i] - x[i - 1];
    const up = d > 0 ? d : 0;
    const down = d < 0 ? -d : 0;
    if (i <= p) {
      g += up / p;
      l += down / p;
      if (i < p) continue;
    } else {
      g = (g * (p - 1) + up) / p;
      l = (l * (p - 1) + down) / p;
    }
    const s = g + l;
    out[i] = isZero(s) ? 0 : cmo ? (100 * (g - l)) / s : (100 * g) / s;
  }
  return out;
}

/** TA-Lib MACD: the fast EMA's seed window ends on the slow seed's last bar. */
export function macd(x: ArrayLike<number>, fast: number, slow: number, signal: number): [Series, Series, Series] {
  const n = x.length;
  const slowE = ema(x, slow);
  const fastE = ema(x, fast, slow - fast);
  const line = nanArray(n);
  for (let i = slow - 1; i < n; i++) line[i] = fastE[i] - slowE[i];
  const sig = ema(line, signal, slow - 1);
  const m = nanArray(n);
  const s = nanArray(n);
  const h = nanArray(n);
  for (let i = slow + signal - 2; i < n; i++) {
    m[i] = line[i];
    s[i] = sig[i];
    h[i] = line[i] - sig[i];
  }
  return [m, s, h];
}

export function stochFastK(c: TestColumns, p: number): Series {
  const out = nanArray(c.length);
  for (let i = p - 1; i < c.length; i++) {
    const hh = highest(c.high, p, i);
    const ll = lowest(c.low, p, i);
    out[i] = hh === ll ? 0 : ((c.close[i] - ll) / (hh - ll)) * 100;
  }
  return out;
}

export function cci(c: TestColumns, p: number): Series {
  const tp = Array.from({ length: c.length }, (_, i) => (c.high[i] + c.low[i] + c.close[i]) / 3);
  const out = nanArray(c.length);
  for (let i = p - 1; i < c.length; i++) {
    let m = 0;
    for (let j = i - p + 1; j <= i; j++) m += tp[j];
    m /= p;
    let d = 0;
    for (let j = i - p + 1; j <= i; j++) d += Math.abs(tp[j] - m);
    d /= p;
    const scale = 1e-14 * Math.abs(m);
    out[i] = Math.abs(tp[i] - m) > scale && d > scale ? (tp[i] - m) / (0.015 * d) : 0;
  }
  return out;
}

/** TA-Lib PLUS_DI/MINUS_DI/ADX/ADXR, written as plain Wilder sums over arrays. */
export function dmi(c: TestColumns, p: number): [Series, Series, Series, Series] {
  const n = c.length;
  const pdm = new Float64Array(n);
  const mdm = new Float64Array(n);
  const tr = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    const up = c.high[i] - c.high[i - 1];
    const down = c.low[i - 1] - c.low[i];
    if (down > 0 && up < down) mdm[i] = down;
    else if (up > 0 && up > down) pdm[i] = up;
    tr[i] = trueRangeAt(c, i);
  }
  const pdi = nanArray(n);
  const mdi = nanArray(n);
  const dx = nanArray(n);
  let sp = 0;
  let sm = 0;
  let st = 0;
  for (let i = 1; i < n; i++) {
    if (i < p) {
      sp += pdm[i];
      sm += mdm[i];
      st += tr[i];
      continue;
    }
    sp = sp - sp / p + pdm[i];
    sm = sm - sm / p + mdm[i];
    st = st - st / p + tr[i];
    pdi[i] = isZero(st) ? 0 : (100 * sp) / st;
    mdi[i] = isZero(st) ? 0 : (100 * sm) / st;
    const s = pdi[i] + mdi[i];
    if (!isZero(st) && !isZero(s)) dx[i] = (100 * Math.abs(pdi[i] - mdi[i])) / s;
  }
  const adx = nanArray(n);
  if (2 * p - 1 < n) {
    let sum = 0;
    for (let i = p; i <= 2 * p - 1; i++) if (!Number.isNaN(dx[i])) sum += dx[i];
    let a = sum / p;
    adx[2 * p - 1] = a;
    for (let i = 2 * p; i < n; i++) {
      if (!Number.isNaN(dx[i])) a = (a * (p - 1) + dx[i]) / p;
      adx[i] = a;
    }
  }
  const adxr = nanArray(n);
  for (let i = 3 * p - 2; i < n; i++) adxr[i] = (adx[i] + adx[i - (p - 1)]) / 2;
  return [pdi, mdi, adx, adxr];
}

/** TA-Lib SAR transcribed over arrays (first iteration uses bar 1 as its own previous bar). */
export function sar(high: ArrayLike<number>, low: ArrayLike<number>, accel: number, max: number): Series {
  const n = high.length;
  const out = nanArray(n);
  if (n < 2) return out;
  const diffP = high[1] - high[0];
  const diffM = low[0] - low[1];
  let long = !(diffM > 0 && diffP < diffM);
  let af = accel;
  let ep = long ? high[1] : low[1];
  let s = long ? low[0] : high[0];
  for (let t = 1; t < n; t++) {
    const ph = t === 1 ? high[1] : high[t - 1];
    const pl = t === 1 ? low[1] : low[t - 1];
    const h = high[t];
    const l = low[t];
    if (long) {
      if (l <= s) {
        long = false;
        s = Math.max(ep, ph, h);
        out[t] = s;
        af = accel;
        ep = l;
        s = Math.max(s + af * (ep - s), ph, h);
      } else {
        out[t] = s;
        if (h > ep) {
          ep = h;
          af = Math.min(af + accel, max);
        }
        s = Math.min(s + af * (ep - s), pl, l);
      }
    } else if (h >= s) {
      long = true;
      s = Math.min(ep, pl, l);
      out[t] = s;
      af = accel;
      ep = h;
      s = Math.min(s + af * (ep - s), pl, l);
    } else {
      out[t] = s;
      if (l < ep) {
        ep = l;
        af = Math.min(af + accel, max);
      }
      s = Math.max(s + af * (ep - s), ph, h);
    }
  }
  return out;
}

export function aroon(c: TestColumns, p: number): [Series, Series] {
  const up = nanArray(c.length);
  const down = nanArray(c.length);
  for (let i = p; i < c.length; i++) {
    let hi = i - p;
    let lo = i - p;
    for (let j = i - p; j <= i; j++) {
      if (c.high[j] >= c.high[hi]) hi = j;
      if (c.low[j] <= c.low[lo]) lo = j;
    }
    up[i] = (100 / p) * (p - (i - hi));
    down[i] = (100 / p) * (p - (i - lo));
  }
  return [up, down];
}

export function mfi(c: TestColumns, p: number): Series {
  const tp = Array.from({ length: c.length }, (_, i) => (c.high[i] + c.low[i] + c.close[i]) / 3);
  const out = nanArray(c.length);
  for (let i = p; i < c.length; i++) {
    let pos = 0;
    let neg = 0;
    for (let j = i - p + 1; j <= i; j++) {
      if (tp[j] > tp[j - 1]) pos += tp[j] * c.volume[j];
      else if (tp[j] < tp[j - 1]) neg += tp[j] * c.volume[j];
    }
    out[i] = isZero(pos + neg) ? 0 : (100 * pos) / (pos + neg);
  }
  return out;
}

export function ultosc(c: TestColumns, p1: number, p2: number, p3: number): Series {
  const out = nanArray(c.length);
  const bp = (j: number): number => c.close[j] - Math.min(c.low[j], c.close[j - 1]);
  const avg = (i: number, p: number): number => {
    let a = 0;
    let b = 0;
    for (let j = i - p + 1; j <= i; j++) {
      a += bp(j);
      b += trueRangeAt(c, j);
    }
    return isZero(b) ? 0 : a / b;
  };
  for (let i = p3; i < c.length; i++) out[i] = (100 * (4 * avg(i, p1) + 2 * avg(i, p2) + avg(i, p3))) / 7;
  return out;
}

export function mfv(c: TestColumns, i: number): number {
  const r = c.high[i] - c.low[i];
  return r > 0 ? ((c.close[i] - c.low[i] - (c.high[i] - c.close[i])) / r) * c.volume[i] : 0;
}

export function ad(c: TestColumns): Series {
  const out = new Float64Array(c.length);
  let s = 0;
  for (let i = 0; i < c.length; i++) out[i] = s += mfv(c, i);
  return out;
}

/** TA-Lib ADOSC: both EMAs start from the first A/D value. */
export function adosc(c: TestColumns, fast: number, slow: number): Series {
  const line = ad(c);
  const out = nanArray(c.length);
  let f = line[0];
  let s = line[0];
  const fk = 2 / (fast + 1);
  const sk = 2 / (slow + 1);
  for (let i = 1; i < c.length; i++) {
    f = f + fk * (line[i] - f);
    s = s + sk * (line[i] - s);
    if (i >= Math.max(fast, slow) - 1) out[i] = f - s;
  }
  return out;
}
