import { expect } from '@open-wc/testing';
import { Type as TypeBox } from '@sinclair/typebox';
import { schemaSnapshot } from '../../node/core/schema-snapshot.js';

/*
 * The browser bundle's `Type` (dist/kline-chart.js; src/core/tools/json-type.ts with its own
 * Object, Intersect, Pick, Omit, Partial, Required, Record, Optional and Readonly, issue #12)
 * builds what TypeBox builds, symbol keys and key order included, and a host tool written with it
 * is described to a model exactly as the same tool written with TypeBox. test/node/core/
 * json-type.test.ts holds the full matrix; this checks the minified bundle itself.
 */

type Builders = typeof TypeBox;
type ToolsView = {
  ready(): Promise<void>;
  register(definition: unknown): () => void;
  describe(): { name: string; parameters: unknown }[];
  list(): { name: string; parameters: unknown }[];
};
type Bundle = { Type: Builders; defineTool: (definition: unknown) => unknown };

const BUNDLE = '/dist/kline-chart.js';

/** The same schemas, built with `T`. */
function schemas(T: Builders): Record<string, unknown> {
  const point = T.Object(
    {
      time: T.Number({ description: 'Bar open time, epoch ms.' }),
      price: T.Number({ description: 'Price.' }),
      note: T.Optional(T.String({ maxLength: 80, description: 'A note.' })),
      id: T.Readonly(T.String({ description: 'Id.' })),
    },
    { additionalProperties: false, description: 'A point.', $id: 'Point' },
  );
  return {
    point,
    pick: T.Pick(point, ['time', 'note'], { description: 'picked' }),
    pickLiteral: T.Pick(point, T.Union([T.Literal('price'), T.Literal('id')])),
    omit: T.Omit(point, ['id']),
    partial: T.Partial(point, { additionalProperties: false }),
    required: T.Required(T.Partial(point)),
    readonly: T.Readonly(point),
    optional: T.Optional(point, false),
    recordString: T.Record(T.String({ maxLength: 32 }), T.Unknown(), { description: 'params' }),
    recordInteger: T.Record(T.Integer(), T.Number()),
    recordKeys: T.Record(T.Union([T.Literal('open'), T.Literal('close')]), T.Number({ minimum: 0 })),
    intersect: T.Intersect([point, T.Object({ extra: T.Boolean() })], { description: 'both' }),
    intersectOpen: T.Intersect([T.String(), T.Number()], { unevaluatedProperties: false }),
    tuple: T.Tuple([T.Number(), T.Optional(T.String())], { description: 'pair' }),
    enum: T.Enum({ Up: 'up', Down: 'down' }, { description: 'side' }),
  };
}

describe('the bundle’s Type', function () {
  this.timeout(60000);

  it('builds what TypeBox builds, symbol keys and key order included', async () => {
    const { Type } = (await import(BUNDLE)) as Bundle;
    expect(schemaSnapshot(schemas(Type))).to.equal(schemaSnapshot(schemas(TypeBox)));
  });

  it('throws a clear error for a schema beyond JSON shapes', async () => {
    const { Type } = (await import(BUNDLE)) as Bundle;
    expect(() => Type.Pick(Type.String(), ['a'])).to.throw(
      "Type.Pick does not take a String here: the chart bundle's `Type` covers JSON-shape schemas; `@sinclair/typebox` (npm) has the full builder set.",
    );
    expect(() => Type.Record(TypeBox.TemplateLiteral('k${number}'), Type.Number())).to.throw(
      /Type\.Record .*@sinclair\/typebox/,
    );
  });

  it('a host tool written with it is described and listed as the same tool written with TypeBox', async () => {
    const { Type, defineTool } = (await import(BUNDLE)) as Bundle;
    const chart = document.createElement('kline-chart') as HTMLElement & { tools: ToolsView };
    chart.style.cssText = 'width:480px;height:300px';
    document.body.append(chart);
    await chart.tools.ready();
    const tool = (name: string, T: Builders) =>
      defineTool({
        name,
        label: 'Mark points',
        description: 'Marks points with an optional note.',
        parameters: T.Object(
          {
            points: T.Array(T.Omit(schemas(T).point as never, ['id']), { description: 'Points.', maxItems: 5 }),
            weights: T.Optional(T.Record(T.String({ maxLength: 16 }), T.Number(), { description: 'Weights.' })),
            side: T.Optional(T.Enum({ Up: 'up', Down: 'down' }, { description: 'Side.' })),
          },
          { additionalProperties: false },
        ),
        safety: 'read-only',
        execute: () => ({ ok: true }),
      });
    chart.tools.register(tool('host_bundle_type', Type));
    chart.tools.register(tool('host_typebox_type', TypeBox));
    const pick = <T extends { name: string }>(list: T[], name: string) => {
      const { name: _name, ...rest } = list.find((t) => t.name === name)!;
      return schemaSnapshot(rest);
    };
    expect(pick(chart.tools.describe(), 'host_bundle_type')).to.equal(
      pick(chart.tools.describe(), 'host_typebox_type'),
    );
    expect(pick(chart.tools.list(), 'host_bundle_type')).to.equal(pick(chart.tools.list(), 'host_typebox_type'));
    chart.remove();
  });
});
