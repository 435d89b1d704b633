import { DAY_MS } from './day-ms.js';

/*
 * Zone offsets, cached per zone and week: what the first paint needs of market time (session days,
 * the time axis). Wall-clock fields, and times as text (reading and writing them), are zoned-time.ts,
 * which only chunks use (data parsing, folding, the tools, the panel), so it stays out of the eager
 * part (issue #12).
 */

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
// Offsets are resolved per 7-day block of UTC time: if a block starts and ends on the same offset it
// is assumed constant inside (no zone changes offset twice within a week), otherwise the transition
// instant is found by bisection once. Each block costs one `formatToParts` (~7 µs) instead of one per
// lookup, which is what makes aggregation and sample generation fast.
const BLOCK_MS = 7 * DAY_MS;
const MAX_CACHED_BLOCKS = 20_000;

interface OffsetBlock {
  readonly before: number;
  readonly after: number;
  /** First instant with offset `after`; `Infinity` when the block has one offset. */
  readonly at: number;
}

interface ZoneCache {
  /** `null` when the zone is UTC: every offset is 0 and nothing needs formatting. */
  readonly format: Intl.DateTimeFormat | null;
  readonly edges: Map<number, number>;
  readonly blocks: Map<number, OffsetBlock>;
  // Consecutive lookups are usually in the same block (a series scanned in order): skip the Map then.
  lastIndex: number;
  lastBlock: OffsetBlock | null;
}

const zones = new Map<string, ZoneCache>();
let lastZoneName = '';
let lastZone: ZoneCache | null = null;

function zoneCache(timeZone: string): ZoneCache {
  if (timeZone === lastZoneName && lastZone !== null) return lastZone;
  let zone = zones.get(timeZone);
  if (!zone) zone = createZoneCache(timeZone);
  lastZoneName = timeZone;
  lastZone = zone;
  return zone;
}

/** Names of UTC, whose offsets need no formatter: a page's first Intl object costs ~20 ms (ICU's data loads). */
const UTC_NAME = /^(etc\/)?(utc|gmt)$/i;

function createZoneCache(timeZone: string): ZoneCache {
  // Creating a DateTimeFormat costs tens of microseconds; one per zone, kept for the process lifetime.
  const format = UTC_NAME.test(timeZone)
    ? null
    : new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
  const resolved = format?.resolvedOptions().timeZone;
  const isUtc = resolved === 'UTC' || resolved === 'Etc/UTC' || resolved === 'Etc/GMT' || resolved === 'GMT';
  const zone: ZoneCache = {
    format: isUtc ? null : format,
    edges: new Map(),
    blocks: new Map(),
    lastIndex: Number.NaN,
    lastBlock: null,
  };
  zones.set(timeZone, zone);
  return zone;
}

/** Offset measured with Intl, at second precision (Intl does not format milliseconds here). */
function measureOffset(format: Intl.DateTimeFormat, timeMs: number): number {
  const utcSecond = Math.floor(timeMs / 1000) * 1000;
  // The format has every field, so each is read; `literal` parts land on a key nothing reads.
  const f: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(utcSecond)) f[part.type] = part.value;
  const year = Number(f.year);
  // `setUTCFullYear` takes years 0-99 as they are (`Date.UTC` would read 1900-1999) and counts proleptic
  // Gregorian days like civil-date.ts `daysFromCivil`, which only chunks need.
  const local =
    new Date(0).setUTCFullYear(f.era === 'BC' || f.era === 'B' ? 1 - year : year, Number(f.month) - 1, Number(f.day)) +
    // some engines still print 24 at midnight
    (Number(f.hour) % 24) * HOUR_MS +
    Number(f.minute) * MINUTE_MS +
    Number(f.second) * 1000;
  return local - utcSecond;
}

function edgeOffset(zone: ZoneCache, format: Intl.DateTimeFormat, block: number): number {
  let offset = zone.edges.get(block);
  if (offset === undefined) {
    offset = measureOffset(format, block * BLOCK_MS);
    zone.edges.set(block, offset);
  }
  return offset;
}

function offsetBlock(zone: ZoneCache, format: Intl.DateTimeFormat, block: number): OffsetBlock {
  const cached = zone.blocks.get(block);
  if (cached) return cached;
  if (zone.blocks.size >= MAX_CACHED_BLOCKS) {
    zone.blocks.clear();
    zone.edges.clear();
    zone.lastBlock = null;
  }
  const before = edgeOffset(zone, format, block);
  const after = edgeOffset(zone, format, block + 1);
  let at = Infinity;
  if (before !== after) {
    // Bisect to the second: `lo` has offset `before`, `hi` has offset `after`.
    let lo = block * BLOCK_MS;
    let hi = (block + 1) * BLOCK_MS;
    while (hi - lo > 1000) {
      const mid = Math.floor((lo + hi) / 2000) * 1000;
      if (mid <= lo) break;
      if (measureOffset(format, mid) === before) lo = mid;
      else hi = mid;
    }
    at = hi;
  }
  const result: OffsetBlock = { before, after, at };
  zone.blocks.set(block, result);
  return result;
}

export function assertFiniteTime(timeMs: number): void {
  if (!Number.isFinite(timeMs)) throw new RangeError(`Invalid time value: ${String(timeMs)}`);
}

/**
 * Offset of `timeZone` from UTC at the instant `timeMs`, in milliseconds (local = UTC + offset),
 * correct on both sides of daylight-saving changes.
 *
 * @example zoneOffsetMs(Date.UTC(2024, 0, 15), 'America/New_York') // -18_000_000 (EST, -05:00)
 * @throws RangeError for an unknown timezone or a non-finite time.
 */
export function zoneOffsetMs(timeMs: number, timeZone: string): number {
  assertFiniteTime(timeMs);
  const zone = zoneCache(timeZone);
  const format = zone.format;
  if (format === null) return 0;
  const index = Math.floor(timeMs / BLOCK_MS);
  let block = zone.lastBlock;
  if (index !== zone.lastIndex || block === null) {
    block = offsetBlock(zone, format, index);
    zone.lastIndex = index;
    zone.lastBlock = block;
  }
  return timeMs < block.at ? block.before : block.after;
}
