import type { RegisteredDrawingKind } from './drawing-kind.js';
import { addedDrawingKind } from './drawing-kind-registry.js';
import { drawingKindSummary } from './drawing-kind-summaries.js';
import { BUILTIN_DRAWING_KINDS } from './kinds/builtin-drawing-kinds.js';

const BUILTINS = new Map(BUILTIN_DRAWING_KINDS.map((kind) => [kind.id, kind]));

/**
 * The registered kind with this id, geometry included, or undefined. Only the drawing layer's parts
 * and the tools need a kind's geometry, so this module and the built-in kinds' geometry load with
 * them (issue #12); the registry (drawing-kind-registry.ts) and the toolbar keep the summaries.
 */
export function getDrawingKind(id: string): RegisteredDrawingKind | undefined {
  if (!drawingKindSummary(id)) return undefined;
  return addedDrawingKind(id) ?? BUILTINS.get(id);
}
