import { drawingGroups } from '../../../components/drawing-toolbar/drawing-groups.js';
import { listDrawingKinds } from '../../../src/core/drawings/index.js';
import { deepActive, press } from './keyboard.js';
import { waitFor } from './wait-for.js';

/**
 * With focus in the drawing bar: Down arrows to the tool `tool`. On a chart too short for the flat bar
 * (its kinds folded into groups), Down arrows to the tool's group, ArrowRight opens the group's flyout
 * and Down arrows to the tool there. Focus ends on the tool's button or menu item (Enter chooses it).
 */
export async function arrowToBarTool(tool: string): Promise<void> {
  const group = drawingGroups(listDrawingKinds().map((k) => k.id)).find((g) => g.kinds.includes(tool));
  const target = group ? `[data-tool="${tool}"], [data-group="${group.id}"]` : `[data-tool="${tool}"]`;
  let guard = 0;
  while (!deepActive()?.matches(target) && guard++ < 60) await press('ArrowDown');
  if (deepActive()?.matches(`[data-tool="${tool}"]`) || !deepActive()?.matches(target)) return;
  await press('ArrowRight');
  await waitFor(() => deepActive()?.getAttribute('role') === 'menuitemradio', 'focus in the group flyout');
  guard = 0;
  while (!deepActive()?.matches(`[data-tool="${tool}"]`) && guard++ < 20) await press('ArrowDown');
}
