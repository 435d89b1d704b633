import type { DrawingKindSummary } from './drawing-kind.js';
import { addedDrawingKind, addedDrawingKinds } from './drawing-kind-registry.js';
import { BUILTIN_KIND_INFO } from './kinds/builtin-kind-info.js';

// What the registered kinds are called and need (label, icon, anchors, editor fields): the drawing bar, the
// editor, the drawing layer and the tools read it, all chunks, so the built-ins' summaries stay out of the
// entry; the registry there (drawing-kind-registry.ts) knows the built-ins by id (issue #12).

const BUILTINS: readonly DrawingKindSummary[] = Object.values(BUILTIN_KIND_INFO).map((kind) =>
  Object.freeze({ ...kind, ...(kind.editorFields ? { editorFields: Object.freeze([...kind.editorFields]) } : {}) }),
);
const BY_ID = new Map(BUILTINS.map((kind) => [kind.id, kind]));

/**
 * The registered kind with this id without its geometry (label, icon, anchors, editor fields), or
 * undefined. The whole definition: `getDrawingKind` (get-drawing-kind.ts).
 */
export function drawingKindSummary(id: string): DrawingKindSummary | undefined {
  return BY_ID.get(id) ?? addedDrawingKind(id);
}

/** Every registered kind's summary, built-ins first, in registration order. */
export function listDrawingKinds(): DrawingKindSummary[] {
  return [...BUILTINS, ...addedDrawingKinds()];
}

/** Ids of every registered kind (the `kind` enum of drawing_create). */
export function drawingKindIds(): string[] {
  return listDrawingKinds().map((kind) => kind.id);
}
