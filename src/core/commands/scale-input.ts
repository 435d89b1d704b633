import { Type } from '@sinclair/typebox';

/** Which price scale an overlay or comparison uses (docs/contracts.md; README "Overlays"). */
export const ScaleInput = Type.Union([Type.Literal('right'), Type.Literal('left')], {
  description:
    "Price scale on the price pane: 'right' (default: the main price axis; comparisons as percent change) or 'left' (a second axis on the other side with its own range, for a series whose values are far from the price).",
});
