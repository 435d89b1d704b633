import type { RegisteredDrawingKind } from '../drawing-kind.js';
import { arrow } from './arrow.js';
import { datePriceRange } from './date-price-range.js';
import { dateRange } from './date-range.js';
import { extendedLine } from './extended-line.js';
import { fibExtension } from './fib-extension.js';
import { fibRetracement } from './fib-retracement.js';
import { horizontalLine } from './horizontal-line.js';
import { horizontalRay } from './horizontal-ray.js';
import { parallelChannel } from './parallel-channel.js';
import { longPosition, shortPosition } from './position.js';
import { pitchfork } from './pitchfork.js';
import { priceRange } from './price-range.js';
import { ray } from './ray.js';
import { rectangle } from './rectangle.js';
import { text } from './text.js';
import { trendLine } from './trend-line.js';
import { verticalLine } from './vertical-line.js';

/**
 * The eighteen built-in kinds of docs/contracts.md, in toolbar order, with their geometry. Only the
 * drawing layer's parts and the tools import this (issue #12); the registry and the toolbar use
 * their summaries (builtin-kind-info.ts).
 */
export const BUILTIN_DRAWING_KINDS: readonly RegisteredDrawingKind[] = [
  horizontalLine,
  horizontalRay,
  verticalLine,
  trendLine,
  ray,
  extendedLine,
  arrow,
  rectangle,
  parallelChannel,
  pitchfork,
  fibRetracement,
  fibExtension,
  priceRange,
  dateRange,
  datePriceRange,
  longPosition,
  shortPosition,
  text,
].map((kind) => Object.freeze({ ...kind }));
