import type { DrawingEditorField, DrawingKindDefinition, RegisteredDrawingKind } from './drawing-kind.js';
import { DRAWING_KINDS } from './drawing.js';

const KIND_ID = /^[a-z][a-z0-9_]{0,39}$/;
/** Toolbar tools that are not kinds (src/render/drawings/drawing-interaction.ts). */
const RESERVED: readonly string[] = ['select', 'magnet', 'copy', 'delete', 'none'];
const EDITOR_FIELDS: readonly DrawingEditorField[] = ['color', 'width', 'dash', 'label'];
/** Most anchors a kind may ask for (the tools accept up to 10 points). */
export const MAX_DRAWING_ANCHORS = 5;

/**
 * The built-in kinds' ids. Their summaries (labels, anchors, editor fields) are drawing-kind-summaries.ts and
 * their geometry get-drawing-kind.ts, which only chunks read (issue #12).
 */
const builtins: ReadonlySet<string> = new Set(DRAWING_KINDS);
/** Kinds added with `registerDrawingKind`, whole (geometry included), in registration order. */
const added = new Map<string, RegisteredDrawingKind>();
const listeners = new Set<() => void>();
let version = 0;

function check(kind: DrawingKindDefinition): RegisteredDrawingKind {
  const fail = (why: string): never => {
    throw new TypeError(`registerDrawingKind: ${why}`);
  };
  if (typeof kind !== 'object' || kind === null) fail('expected a kind object');
  if (typeof kind.id !== 'string' || !KIND_ID.test(kind.id)) fail(`id must match ${KIND_ID.source}`);
  if (RESERVED.includes(kind.id)) fail(`'${kind.id}' names a toolbar button; choose another id`);
  if (isDrawingKind(kind.id)) fail(`a drawing kind '${kind.id}' is already registered`);
  if (!Number.isInteger(kind.anchors) || kind.anchors < 1 || kind.anchors > MAX_DRAWING_ANCHORS)
    fail(`${kind.id}: anchors must be an integer from 1 to ${MAX_DRAWING_ANCHORS}`);
  if (typeof kind.label !== 'string' || !kind.label.trim() || kind.label.length > 60)
    fail(`${kind.id}: label must be 1 to 60 characters`);
  if (typeof kind.description !== 'string' || !kind.description.trim() || kind.description.length > 300)
    fail(`${kind.id}: description must be one line of 1 to 300 characters`);
  if (/[\r\n]/.test(kind.description)) fail(`${kind.id}: description must be one line`);
  if (typeof kind.geometry !== 'function') fail(`${kind.id}: geometry(input) must be a function`);
  for (const key of ['hitTest', 'paint'] as const) {
    if (kind[key] !== undefined && typeof kind[key] !== 'function') fail(`${kind.id}: ${key} must be a function`);
  }
  if (kind.icon !== undefined && (typeof kind.icon !== 'string' || kind.icon.length > 2000))
    fail(`${kind.id}: icon must be SVG path data (a string)`);
  if (kind.editorFields !== undefined) {
    if (!Array.isArray(kind.editorFields) || kind.editorFields.some((f) => !EDITOR_FIELDS.includes(f)))
      fail(`${kind.id}: editorFields must list some of ${EDITOR_FIELDS.join(', ')}`);
  }
  return Object.freeze({
    ...kind,
    ...(kind.editorFields ? { editorFields: Object.freeze([...kind.editorFields]) } : {}),
  });
}

function changed(): void {
  version++;
  for (const listener of [...listeners]) listener();
}

/**
 * Adds a drawing kind for every chart on the page (docs/adding-a-drawing-kind.md): it appears in
 * the drawing toolbar, the palette, `drawing_create`'s kind enum and the model's description, and
 * layouts save it by id. Register it before a chart restores a layout that uses it. Throws a
 * `TypeError` for a malformed definition or a taken id. Returns the function that unregisters it
 * (drawings of that kind stay in the store but are not painted until it is registered again).
 */
export function registerDrawingKind(kind: DrawingKindDefinition): () => void {
  const info = check(kind);
  added.set(info.id, info);
  changed();
  return () => {
    if (added.get(info.id) === info) {
      added.delete(info.id);
      changed();
    }
  };
}

/** Whether `value` names a registered kind (built-in or added with `registerDrawingKind`). */
export function isDrawingKind(value: unknown): value is string {
  return typeof value === 'string' && (builtins.has(value) || added.has(value));
}

/** Internal (drawing-kind-summaries.ts, get-drawing-kind.ts): a kind added with `registerDrawingKind`, whole, or undefined. */
export function addedDrawingKind(id: string): RegisteredDrawingKind | undefined {
  return added.get(id);
}

/** Internal (drawing-kind-summaries.ts): the kinds added with `registerDrawingKind`, in registration order. */
export function addedDrawingKinds(): RegisteredDrawingKind[] {
  return [...added.values()];
}

/** Increases whenever a kind is registered or removed (caches key on it). */
export function drawingKindsVersion(): number {
  return version;
}

/** Calls `listener` after each registration change. Returns the function that stops it. */
export function onDrawingKindsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
