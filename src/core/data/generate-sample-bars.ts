import { aggregateBars } from './aggregate-bars.js';
import { createBars, type Bars } from './bars.js';
import { daysFromCivil } from './civil-date.js';
import { civilDay, civilMonth, civilWeekday, civilYear } from './civil-fields.js';
import { zonedTimeToUtc } from './zoned-time.js';
import { createPrng, hashSeed, type Prng } from './prng.js';
import type { SampleSpec } from './sample-instruments.js';

/** First local day of the sample's daily bars. */
export const SAMPLE_FIRST_DAY = '2016-01-04';
/** Last local day of every sample series: fixed, so data and tests never depend on today's date. */
export const SAMPLE_LAST_DAY = '2026-11-27';
/** Trading days (calendar days for crypto) that also have 1-minute bars, ending on the last day. */
export const SAMPLE_INTRADAY_DAYS = 30;

/** The two native series of one sample instrument. */
export interface SampleBars {
  /** Daily bars, time = local midnight of the trading day. */
  readonly daily: Bars;
  /** 1-minute bars of the last {@link SAMPLE_INTRADAY_DAYS} trading days, inside sessions only. */
  readonly minute: Bars;
}

const GARCH_ALPHA = 0.08;
const GARCH_BETA = 0.9;
const DRIFT = 0.0002;
const REVERSION = 0.01;
const POWERS_OF_TEN = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000];

function roundTo(value: number, scale: number): number {
  return Math.round(value * scale) / scale;
}

/** A wick length in standard deviations: mostly short, sometimes long (mean 0.4), one draw. */
function wick(rng: Prng): number {
  const u = rng.next();
  return 1.2 * u * u;
}

/** Mostly normal with occasional larger moves, for fat tails. */
function fatNormal(rng: Prng): number {
  const z = rng.normal();
  return rng.next() < 0.03 ? z * 2.5 : z;
}

/** Relative activity of each session minute: U-shaped per session for exchanges, a daily hump for crypto. */
function minuteWeights(spec: SampleSpec): Float64Array {
  const total = spec.sessions.reduce((sum, [start, end]) => sum + end - start, 0);
  const weights = new Float64Array(total);
  let k = 0;
  for (const [start, end] of spec.sessions) {
    const length = end - start;
    for (let m = 0; m < length; m++) {
      if (spec.everyDay) {
        // Busiest when Europe and the US overlap (around 15:00 UTC).
        const hour = (start + m) / 60;
        weights[k++] = 0.6 + 0.8 * Math.max(0, 1 - Math.abs(hour - 15) / 9);
      } else {
        const u = (2 * (m + 0.5)) / length - 1;
        weights[k++] = 0.6 + 2.2 * u * u;
      }
    }
  }
  return weights;
}

function tradingDays(spec: SampleSpec): Int32Array {
  const [fy, fm, fd] = SAMPLE_FIRST_DAY.split('-').map(Number);
  const [ly, lm, ld] = SAMPLE_LAST_DAY.split('-').map(Number);
  const first = daysFromCivil(fy, fm, fd);
  const last = daysFromCivil(ly, lm, ld);
  const days = new Int32Array(last - first + 1);
  let count = 0;
  for (let d = first; d <= last; d++) {
    const weekday = civilWeekday(d);
    if (spec.everyDay || (weekday !== 0 && weekday !== 6)) days[count++] = d;
  }
  return days.slice(0, count);
}

function localTime(day: number, minuteOfDay: number, timeZone: string): number {
  return zonedTimeToUtc(
    {
      year: civilYear(day),
      month: civilMonth(day),
      day: civilDay(day),
      hour: Math.floor(minuteOfDay / 60),
      minute: minuteOfDay % 60,
    },
    timeZone,
  );
}

/**
 * Generates one sample instrument's daily and 1-minute bars: a geometric random walk with GARCH(1,1)
 * volatility clustering, a weak pull towards a slowly growing price level (so ten years stay
 * plausible), occasional overnight gaps, volume that rises with the size of the move, and U-shaped
 * intraday activity. One seeded path per instrument: the daily bars of the last trading days are the
 * aggregated 1-minute bars, so switching periods shows the same prices. Pure and deterministic.
 */
export function generateSampleBars(spec: SampleSpec): SampleBars {
  const { instrument, everyDay, dailyVolatility: dv } = spec;
  const zone = instrument.timezone;
  const rng = createPrng(hashSeed(`${instrument.exchange}:${instrument.symbol}`));
  const priceScale = POWERS_OF_TEN[instrument.pricePrecision ?? 2];
  const volumeScale = POWERS_OF_TEN[spec.volumePrecision];
  const tick = 1 / priceScale;
  const days = tradingDays(spec);
  const windowStart = Math.max(0, days.length - SAMPLE_INTRADAY_DAYS);
  const weights = minuteWeights(spec);
  let weightSum = 0;
  for (let i = 0; i < weights.length; i++) weightSum += weights[i];
  const minuteSd = new Float64Array(weights.length);
  for (let i = 0; i < weights.length; i++) minuteSd[i] = Math.sqrt(weights[i] / weightSum);

  const omega = dv * dv * (1 - GARCH_ALPHA - GARCH_BETA);
  // Session moves plus gaps and fat tails should add up to about `variance` per day; more than that
  // would make the GARCH recursion explode.
  const sessionShare = everyDay ? 0.9 : 0.8;
  let variance = dv * dv;
  let anchor = spec.startPrice;
  let previousClose = roundTo(spec.startPrice, priceScale);

  const gapOf = (sd: number): number => {
    if (everyDay) return 0;
    let gap = sd * 0.2 * rng.normal();
    if (rng.next() < 0.015) gap += (rng.next() < 0.5 ? -1 : 1) * sd * (1 + 2 * rng.next());
    return gap;
  };
  const endOfDay = (close: number): void => {
    const dayReturn = close / previousClose - 1;
    variance = Math.min(omega + GARCH_ALPHA * dayReturn * dayReturn + GARCH_BETA * variance, 6 * dv * dv);
    previousClose = close;
    anchor *= spec.anchorGrowth;
  };

  // Daily bars before the intraday window.
  const early = createBars(windowStart);
  for (let i = 0; i < windowStart; i++) {
    const sd = Math.sqrt(variance);
    const open = Math.max(tick, roundTo(previousClose * (1 + gapOf(sd)), priceScale));
    const pull = (REVERSION * (previousClose - anchor)) / (previousClose + anchor);
    const close = Math.max(tick, roundTo(open * (1 + DRIFT - pull + sd * sessionShare * fatNormal(rng)), priceScale));
    const high = roundTo(Math.max(open, close) * (1 + sd * wick(rng)), priceScale);
    let low = roundTo(Math.min(open, close) * (1 - sd * wick(rng)), priceScale);
    if (low <= 0) low = Math.min(open, close);
    const move = Math.abs(close / previousClose - 1) / dv;
    early.time[i] = localTime(days[i], 0, zone);
    early.open[i] = open;
    early.high[i] = high;
    early.low[i] = low;
    early.close[i] = close;
    early.volume[i] = roundTo(spec.dailyVolume * (0.65 + 0.7 * rng.next()) * (0.55 + 0.6 * move), volumeScale);
    endOfDay(close);
  }

  // 1-minute bars inside sessions for the window.
  const windowDays = days.length - windowStart;
  const perDay = weights.length;
  const minute = createBars(windowDays * perDay);
  let k = 0;
  for (let w = 0; w < windowDays; w++) {
    const day = days[windowStart + w];
    const sd = Math.sqrt(variance);
    const pull = (REVERSION * (previousClose - anchor)) / (previousClose + anchor);
    const trend = (DRIFT - pull) / perDay;
    const dayVolume = spec.dailyVolume * (0.65 + 0.7 * rng.next());
    let price = Math.max(tick, roundTo(previousClose * (1 + gapOf(sd)), priceScale));
    let cluster = 1;
    let m = 0;
    for (const [start, end] of spec.sessions) {
      const sessionStart = localTime(day, start, zone);
      for (let offset = 0; offset < end - start; offset++, m++, k++) {
        const z = fatNormal(rng);
        const msd = sd * sessionShare * minuteSd[m] * cluster;
        const open = price;
        const close = Math.max(tick, roundTo(open * (1 + trend + msd * z), priceScale));
        const high = roundTo(Math.max(open, close) * (1 + msd * wick(rng)), priceScale);
        let low = roundTo(Math.min(open, close) * (1 - msd * wick(rng)), priceScale);
        if (low <= 0) low = Math.min(open, close);
        minute.time[k] = sessionStart + offset * 60_000;
        minute.open[k] = open;
        minute.high[k] = high;
        minute.low[k] = low;
        minute.close[k] = close;
        minute.volume[k] = roundTo(
          ((dayVolume * weights[m]) / weightSum) * (0.6 + 0.8 * rng.next()) * (0.5 + 0.6 * Math.abs(z)),
          volumeScale,
        );
        cluster = 0.97 * cluster + 0.03 * (0.4 + 0.75 * Math.abs(z));
        price = close;
      }
    }
    endOfDay(price);
  }

  // The window's daily bars are its minutes folded by market day, stamped at local midnight like the rest.
  const windowDaily = aggregateBars(minute, '1m', '1d', zone);
  const daily = createBars(windowStart + windowDaily.length);
  daily.time.set(early.time);
  daily.open.set(early.open);
  daily.high.set(early.high);
  daily.low.set(early.low);
  daily.close.set(early.close);
  daily.volume.set(early.volume);
  for (let i = 0; i < windowDaily.length; i++) {
    const j = windowStart + i;
    daily.time[j] = localTime(days[j], 0, zone);
    daily.open[j] = windowDaily.open[i];
    daily.high[j] = windowDaily.high[i];
    daily.low[j] = windowDaily.low[i];
    daily.close[j] = windowDaily.close[i];
    daily.volume[j] = roundTo(windowDaily.volume[i], volumeScale);
  }
  return { daily, minute };
}
