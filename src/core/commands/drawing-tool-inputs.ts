import { Type, type TObject } from '@sinclair/typebox';
import { DRAWING_KINDS, drawingKindIds, drawingKindsVersion, MAX_DRAWING_LABEL_LENGTH } from '../drawings/index.js';
import { TimeInput } from './tool-time.js';

/** One anchor of a drawing in tool input. */
export const DrawingPointInput = Type.Object(
  {
    time: TimeInput(
      'Anchor time: YYYY-MM-DD, YYYY-MM-DD HH:mm (market timezone) or epoch ms, inside the loaded data range.',
    ),
    price: Type.Number({ description: 'Anchor price, in the units of the price axis.' }),
  },
  { additionalProperties: false },
);

/** Points of a drawing; the exact count depends on the kind (checked by the command, not the schema). */
export const DrawingPointsInput = Type.Array(DrawingPointInput, {
  minItems: 1,
  maxItems: 10,
  description:
    'Anchors {time, price}, as many as the kind needs (see the kinds in the description): 1 for horizontal_line, horizontal_ray, vertical_line and text; 3 for parallel_channel; 2 for the other built-in kinds.',
});

/** A partial line style. */
export const DrawingStyleInput = Type.Object(
  {
    color: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'CSS colour: #rrggbb, #rgb, rgb(r, g, b), rgba(r, g, b, a) or a name like red.',
      }),
    ),
    width: Type.Optional(Type.Number({ minimum: 1, maximum: 10, description: 'Line width in pixels, 1 to 10.' })),
    dash: Type.Optional(
      Type.Union([Type.Literal('solid'), Type.Literal('dashed'), Type.Literal('dotted')], {
        description: 'Line pattern.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Line style. Fields left out take the default (#2962ff, 1, solid) on create and keep their value on update.',
  },
);

const Label = (description: string) => Type.String({ maxLength: MAX_DRAWING_LABEL_LENGTH, description });

function createInput(kinds: readonly string[]) {
  return Type.Object(
    {
      kind: Type.Union(
        kinds.map((k) => Type.Literal(k)),
        { description: 'Drawing kind (see the list in the description).' },
      ),
      points: DrawingPointsInput,
      paneId: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 64,
          description: "Pane to draw on: 'price' (default) or an indicator pane id listed by panes_list.",
        }),
      ),
      style: Type.Optional(DrawingStyleInput),
      label: Type.Optional(Label('Text shown with the drawing; for kind text, the text itself.')),
    },
    { additionalProperties: false },
  );
}

/** Input of `drawing_create` with the built-in kinds (its static type). */
export const DrawingCreateInput = createInput(DRAWING_KINDS);

let live: { version: number; schema: TObject } | null = null;

/** Input of `drawing_create` with every registered kind (src/core/drawings/drawing-kind-registry.ts). */
export function liveDrawingCreateInput(): TObject {
  const version = drawingKindsVersion();
  if (live?.version !== version)
    live = { version, schema: version === 0 ? DrawingCreateInput : createInput(drawingKindIds()) };
  return live.schema;
}

/** Input of `drawing_update`. */
export const DrawingUpdateInput = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64, description: 'Drawing id from drawings_list or drawing_create.' }),
    points: Type.Optional(DrawingPointsInput),
    style: Type.Optional(DrawingStyleInput),
    label: Type.Optional(Label('New label; an empty string removes it.')),
    locked: Type.Optional(
      Type.Boolean({
        description:
          'Lock (true) or unlock (false). A locked drawing refuses other changes unless this call also sets locked to false.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** Input of `drawing_delete`. */
export const DrawingDeleteInput = Type.Object(
  {
    ids: Type.Array(Type.String({ minLength: 1, maxLength: 64, description: 'A drawing id.' }), {
      minItems: 1,
      maxItems: 500,
      description: 'Ids of the drawings to delete.',
    }),
  },
  { additionalProperties: false },
);

/** Input of `drawings_copy`. */
export const DrawingsCopyInput = Type.Object(
  {
    ids: Type.Array(Type.String({ minLength: 1, maxLength: 64, description: 'A drawing id.' }), {
      minItems: 1,
      maxItems: 500,
      description: 'Ids of the drawings to copy (as one group).',
    }),
    offsetBars: Type.Optional(
      Type.Integer({
        minimum: -100000,
        maximum: 100000,
        description: 'Shift the copies by this many bars (positive = later); default 0.',
      }),
    ),
    offsetPrice: Type.Optional(Type.Number({ description: 'Add this to every price of the copies; default 0.' })),
  },
  { additionalProperties: false },
);

/** Input of `chart_set_selection`. */
export const SetSelectionInput = Type.Object(
  {
    from: Type.Optional(TimeInput('First bar of the range (inclusive).')),
    to: Type.Optional(TimeInput('Last bar of the range (inclusive).')),
    clear: Type.Optional(Type.Boolean({ description: 'true removes the selection (give no from/to).' })),
  },
  { additionalProperties: false },
);

/** Input of tools without parameters. */
export const NoInput = Type.Object({}, { additionalProperties: false });
