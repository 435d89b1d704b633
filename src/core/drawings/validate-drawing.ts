import { isCssColor } from './css-color.js';
import { drawingKindList, drawingPointCount } from './drawing-kinds.js';
import { isDrawingKind } from './drawing-kind-registry.js';
import { DEFAULT_DRAWING_STYLE, type DrawingKind, type DrawingStyle } from './drawing.js';

/** One problem with drawing input: the field (`points[1].price`) and how to fix it. */
export interface DrawingValidationError {
  readonly path: string;
  readonly reason: string;
}

/** What the input is checked against. */
export interface DrawingValidationContext {
  /** Loaded data, UTC ms inclusive. */
  readonly dataRange: { readonly from: number; readonly to: number };
  /** Existing pane ids (`price` and the indicator panes). */
  readonly paneIds: readonly string[];
  /** Formats times in reasons (e.g. in the market timezone); default ISO UTC. */
  readonly formatTime?: (time: number) => string;
}

/** Upper bound of a drawing's label, in characters. */
export const MAX_DRAWING_LABEL_LENGTH = 500;

const DASHES: readonly DrawingStyle['dash'][] = ['solid', 'dashed', 'dotted'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function defaultFormatTime(t: number): string {
  return `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Checks the points of a drawing of `kind`: the exact count, finite times inside the loaded data
 * and finite prices. `prefix` names the field in paths (`points`).
 */
export function validateDrawingPoints(
  kind: DrawingKind,
  points: unknown,
  context: Pick<DrawingValidationContext, 'dataRange' | 'formatTime'>,
  prefix = 'points',
): DrawingValidationError[] {
  const errors: DrawingValidationError[] = [];
  if (!Array.isArray(points)) {
    errors.push({
      path: prefix,
      reason: `points must be an array of {time, price}; ${kind} needs ${drawingPointCount(kind)}`,
    });
    return errors;
  }
  const need = drawingPointCount(kind);
  if (points.length !== need) {
    errors.push({ path: prefix, reason: `${kind} needs ${need} point${need === 1 ? '' : 's'}, got ${points.length}` });
  }
  const fmt = context.formatTime ?? defaultFormatTime;
  const { from, to } = context.dataRange;
  points.forEach((p: unknown, i) => {
    const at = `${prefix}[${i}]`;
    if (!isRecord(p)) {
      errors.push({ path: at, reason: 'expected an object {time, price}' });
      return;
    }
    const { time, price } = p;
    if (typeof time !== 'number' || !Number.isFinite(time)) {
      errors.push({ path: `${at}.time`, reason: 'time must be a finite number (UTC epoch ms)' });
    } else if (time < from || time > to) {
      errors.push({
        path: `${at}.time`,
        reason: `time is outside the loaded data; use a time from ${fmt(from)} to ${fmt(to)}`,
      });
    }
    if (typeof price !== 'number' || !Number.isFinite(price)) {
      errors.push({ path: `${at}.price`, reason: 'price must be a finite number' });
    }
  });
  return errors;
}

/** Checks a partial style: CSS colour, width 1–10, dash solid|dashed|dotted. */
export function validateDrawingStyle(style: unknown, prefix = 'style'): DrawingValidationError[] {
  if (style === undefined) return [];
  if (!isRecord(style)) return [{ path: prefix, reason: 'style must be an object {color?, width?, dash?}' }];
  const errors: DrawingValidationError[] = [];
  if (style.color !== undefined && !isCssColor(style.color)) {
    errors.push({
      path: `${prefix}.color`,
      reason: 'color must be a CSS colour: #rrggbb, #rgb, rgb(r, g, b), rgba(r, g, b, a) or a name like red',
    });
  }
  if (style.width !== undefined && (typeof style.width !== 'number' || !(style.width >= 1 && style.width <= 10))) {
    errors.push({ path: `${prefix}.width`, reason: 'width must be a number of pixels from 1 to 10' });
  }
  if (style.dash !== undefined && !(DASHES as readonly unknown[]).includes(style.dash)) {
    errors.push({ path: `${prefix}.dash`, reason: `dash must be one of ${DASHES.join(', ')}` });
  }
  return errors;
}

/**
 * Validates `drawing_create`-shaped input `{ kind, points, paneId?, style?, label? }` (times already
 * converted to UTC ms). Returns every problem found, empty when the input is usable. Each reason
 * states the fix (the valid kinds, the needed count, the loaded range, the existing pane ids).
 */
export function validateDrawingInput(input: unknown, context: DrawingValidationContext): DrawingValidationError[] {
  if (!isRecord(input)) return [{ path: '', reason: 'expected an object {kind, points, paneId?, style?, label?}' }];
  const errors: DrawingValidationError[] = [];
  if (!isDrawingKind(input.kind)) {
    errors.push({ path: 'kind', reason: `unknown drawing kind; use one of ${drawingKindList()}` });
  } else {
    errors.push(...validateDrawingPoints(input.kind, input.points, context));
  }
  if (input.paneId !== undefined && (typeof input.paneId !== 'string' || !context.paneIds.includes(input.paneId))) {
    errors.push({
      path: 'paneId',
      reason: `unknown pane id; existing panes: ${context.paneIds.join(', ') || '(none)'}`,
    });
  }
  errors.push(...validateDrawingStyle(input.style));
  if (input.label !== undefined) {
    if (typeof input.label !== 'string') errors.push({ path: 'label', reason: 'label must be a string' });
    else if (input.label.length > MAX_DRAWING_LABEL_LENGTH) {
      errors.push({ path: 'label', reason: `label must be at most ${MAX_DRAWING_LABEL_LENGTH} characters` });
    }
  }
  return errors;
}

/**
 * A full style from a partial one: missing or invalid fields take the defaults
 * (colour `#2962ff`, width 1, dash `solid`); width is clamped to 1–10.
 * Validate first when the caller must report bad values rather than replace them.
 */
export function normalizeStyle(partial?: Partial<DrawingStyle> | null): DrawingStyle {
  const p = partial ?? {};
  const color = isCssColor(p.color) ? p.color.trim() : DEFAULT_DRAWING_STYLE.color;
  const width =
    typeof p.width === 'number' && Number.isFinite(p.width)
      ? Math.min(10, Math.max(1, p.width))
      : DEFAULT_DRAWING_STYLE.width;
  const dash = DASHES.includes(p.dash as DrawingStyle['dash'])
    ? (p.dash as DrawingStyle['dash'])
    : DEFAULT_DRAWING_STYLE.dash;
  return { color, width, dash };
}
