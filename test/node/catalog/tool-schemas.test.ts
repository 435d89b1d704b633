import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { defineTool, MODEL_SCHEMA_KEYWORDS, toModelSchema } from '../../../src/core/tools/index.js';
import type { ToolDescriptor } from '../../../src/protocol/index.js';
import { CONTRACT_CATALOG, loadedCore, readyCore } from './catalog-fixture.js';

type Json = Record<string, unknown>;

/**
 * Every problem a strict OpenAI-compatible server (OpenAI, llama.cpp, vLLM, Ollama) would have with
 * a tool's parameters, as `path: problem` lines. Empty when the schema is fit to send.
 */
function schemaProblems(schema: unknown, path: string, isProperty: boolean): string[] {
  const out: string[] = [];
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return [`${path}: not a schema object`];
  const s = schema as Json;
  for (const key of Object.keys(s))
    if (!MODEL_SCHEMA_KEYWORDS.has(key)) out.push(`${path}: keyword '${key}' is not accepted by function calling`);
  if (Object.getOwnPropertySymbols(s).length) out.push(`${path}: carries symbol keys (not JSON)`);
  if (isProperty && (typeof s.description !== 'string' || s.description.trim().length < 3))
    out.push(`${path}: no description`);
  if (s.type === undefined && s.anyOf === undefined && s.enum === undefined) out.push(`${path}: no type`);
  if (Array.isArray(s.anyOf)) {
    const members = s.anyOf as Json[];
    if (members.every((m) => m.const !== undefined || (Array.isArray(m.enum) && m.enum.length === 1)))
      out.push(`${path}: anyOf of literals instead of an enum`);
    members.forEach((m, i) => {
      if (m.type === undefined) out.push(`${path}.anyOf[${i}]: no type`);
      out.push(...schemaProblems(m, `${path}.anyOf[${i}]`, false));
    });
  }
  if (Array.isArray(s.enum)) {
    if (s.enum.length === 0) out.push(`${path}: empty enum`);
    if (s.type === undefined) out.push(`${path}: enum without a type`);
  }
  if (s.type === 'object') {
    const props = s.properties as Json | undefined;
    // Closed objects say so; the only open ones are maps (indicator params) without declared properties.
    const open = s.additionalProperties !== false;
    if (s.additionalProperties === undefined) out.push(`${path}: additionalProperties is not false`);
    else if (open && props && Object.keys(props).length > 0)
      out.push(`${path}: declares properties but accepts any other key`);
    for (const [name, prop] of Object.entries(props ?? {})) out.push(...schemaProblems(prop, `${path}.${name}`, true));
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      out.push(...schemaProblems(s.additionalProperties, `${path}{*}`, false));
    for (const name of (s.required as string[] | undefined) ?? []) {
      const prop = props?.[name] as Json | undefined;
      if (!prop) out.push(`${path}: required '${name}' is not a property`);
      else if (prop.default !== undefined) out.push(`${path}.${name}: required although it has a default`);
    }
  }
  if (s.type === 'array') {
    if (!s.items || typeof s.items !== 'object') out.push(`${path}: array without items`);
    else out.push(...schemaProblems(s.items, `${path}[]`, false));
  }
  return out;
}

function describeAll(core: ChartCore): Map<string, ToolDescriptor> {
  return new Map(core.tools.describe().map((d) => [d.name, d]));
}

test('every tool of the docs/contracts.md catalog is registered with its safety and execution mode', async () => {
  const core = await readyCore();
  const listed = new Map(core.tools.list().map((t) => [t.name, t]));
  const missing = Object.keys(CONTRACT_CATALOG).filter((name) => !listed.has(name));
  assert.deepEqual(missing, [], `missing tools: ${missing.join(', ')}`);
  for (const [name, [safety, mode]] of Object.entries(CONTRACT_CATALOG)) {
    const tool = listed.get(name)!;
    assert.equal(tool.safety, safety, `${name} safety`);
    assert.equal(tool.executionMode, mode, `${name} execution mode`);
    assert.equal(tool.kind, 'builtin');
    assert.ok(tool.label.length >= 3 && tool.label.length <= 40, `${name} has a short label for menus`);
  }
  // No built-in tool outside the catalog sneaks in under a name the contract does not know.
  const extra = [...listed.keys()].filter((name) => !(name in CONTRACT_CATALOG));
  assert.deepEqual(extra, [], `tools not in docs/contracts.md: ${extra.join(', ')}`);
});

test('every registered tool has a schema fit for every OpenAI-compatible server', async () => {
  for (const core of [await readyCore(), await loadedCore()]) {
    const problems: string[] = [];
    for (const d of core.tools.describe()) {
      assert.match(d.name, /^[a-z][a-z0-9_]{0,63}$/);
      const p = d.parameters;
      if (p.type !== 'object') problems.push(`${d.name}: top level is not an object`);
      if (!p.properties || typeof p.properties !== 'object') problems.push(`${d.name}: no properties object`);
      if (p.additionalProperties !== false) problems.push(`${d.name}: top level additionalProperties is not false`);
      problems.push(...schemaProblems(p, d.name, false));
      // What crosses the port must survive structured cloning and JSON unchanged.
      assert.deepEqual(JSON.parse(JSON.stringify(d)), d, `${d.name} is plain JSON`);
      assert.deepEqual(structuredClone(d), d);
    }
    assert.deepEqual(problems, []);
  }
});

test('closed sets are enums: periods, drawing kinds, line dash, setting values and setting keys', async () => {
  const tools = describeAll(await readyCore());
  const prop = (tool: string, ...path: string[]) => {
    let s = tools.get(tool)!.parameters as Json;
    for (const key of path) s = (key === '[]' ? s.items : (s.properties as Json)[key]) as Json;
    return s;
  };
  const periods = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'];
  assert.deepEqual(prop('chart_set_period', 'period').enum, periods);
  assert.equal(prop('chart_set_period', 'period').type, 'string');
  assert.deepEqual(prop('market_bars_query', 'period').enum, periods);
  assert.deepEqual(prop('drawing_create', 'kind').enum, [
    'horizontal_line',
    'horizontal_ray',
    'vertical_line',
    'trend_line',
    'ray',
    'extended_line',
    'arrow',
    'rectangle',
    'parallel_channel',
    'pitchfork',
    'fib_retracement',
    'fib_extension',
    'price_range',
    'date_range',
    'date_price_range',
    'long_position',
    'short_position',
    'text',
  ]);
  assert.deepEqual(prop('drawing_create', 'style', 'dash').enum, ['solid', 'dashed', 'dotted']);
  assert.deepEqual(prop('drawing_update', 'style', 'dash').enum, ['solid', 'dashed', 'dotted']);
  assert.deepEqual(prop('settings_update', 'values', 'candleStyle').enum, [
    'solid',
    'hollow',
    'ohlc',
    'line',
    'area',
    'heikin_ashi',
  ]);
  for (const key of ['theme', 'colorConvention', 'priceScale', 'crosshair', 'priceAxisSide']) {
    assert.ok(Array.isArray(prop('settings_update', 'values', key).enum), `settings_update values.${key} is an enum`);
  }
  // Any BCP-47 tag: pages may register locales (docs/contracts.md, "Locales").
  assert.equal(prop('settings_update', 'values', 'locale').type, 'string');
  assert.ok((prop('settings_reset', 'keys', '[]').enum as string[]).includes('candleStyle'));
  // Indicator params are an open map of values, advertised without patternProperties.
  const params = prop('indicators_add', 'params');
  assert.equal(params.type, 'object');
  assert.equal(params.additionalProperties, true);
  assert.equal('patternProperties' in params, false);
});

test('properties with a default are optional for the model, and the registry still fills them in', async () => {
  const core = await loadedCore();
  const tools = describeAll(core);
  assert.equal(
    ((tools.get('market_bars_query')!.parameters.required as string[] | undefined) ?? []).includes('limit'),
    false,
  );
  assert.equal(
    (tools.get('market_bars_query')!.parameters.properties as Json).limit &&
      ((tools.get('market_bars_query')!.parameters.properties as Json).limit as Json).default,
    20,
  );
  const r = await core.tools.execute('market_bars_query', {});
  assert.ok(r.success);
  assert.equal((r.data as { returned: number }).returned, 20);
});

test('toModelSchema rewrites literal unions, records and lone consts, and drops keywords servers refuse', () => {
  const schema = Type.Object(
    {
      mode: Type.Union([Type.Literal('a'), Type.Literal('b')], { description: 'Mode.', default: 'a' }),
      size: Type.Union([Type.Literal(1), Type.Literal(2)], { description: 'Size.' }),
      only: Type.Literal('x', { description: 'Fixed.' }),
      map: Type.Record(Type.String(), Type.Number({ description: 'A value.' }), { description: 'Map.' }),
      free: Type.Record(Type.String(), Type.Unknown(), { description: 'Anything.' }),
      when: Type.Union([Type.String({ description: 's' }), Type.Number({ description: 'n' })], {
        description: 'Time.',
      }),
      list: Type.Array(Type.Union([Type.Literal('p'), Type.Literal('q')]), { description: 'List.', uniqueItems: true }),
    },
    { additionalProperties: false, $id: 'T', examples: [{}] },
  );
  const out = toModelSchema(schema);
  const props = out.properties as Record<string, Json>;
  assert.deepEqual(props.mode, { description: 'Mode.', default: 'a', type: 'string', enum: ['a', 'b'] });
  assert.deepEqual(props.size, { description: 'Size.', type: 'integer', enum: [1, 2] });
  assert.deepEqual(props.only, { description: 'Fixed.', type: 'string', enum: ['x'] });
  assert.deepEqual(props.map, {
    description: 'Map.',
    type: 'object',
    additionalProperties: { description: 'A value.', type: 'number' },
  });
  assert.deepEqual(props.free, { description: 'Anything.', type: 'object', additionalProperties: true });
  assert.deepEqual(
    (props.when.anyOf as Json[]).map((m) => m.type),
    ['string', 'number'],
  );
  assert.deepEqual(props.list, { description: 'List.', type: 'array', items: { type: 'string', enum: ['p', 'q'] } });
  assert.equal('$id' in out, false);
  assert.equal('examples' in out, false);
  assert.deepEqual(out.required, ['size', 'only', 'map', 'free', 'when', 'list'], 'mode has a default');
  // The TypeBox original is untouched: validation still sees the union.
  assert.ok(Array.isArray((schema.properties.mode as Json).anyOf));
});

test('a host tool with a literal union is advertised with an enum as well', async () => {
  const core = await readyCore();
  core.tools.register(
    defineTool({
      name: 'acme_pick',
      label: 'Pick',
      description: 'Picks a side.',
      parameters: Type.Object(
        { side: Type.Union([Type.Literal('buy'), Type.Literal('sell')], { description: 'Side.' }) },
        { additionalProperties: false },
      ),
      safety: 'read-only',
      execute: (input) => input.side,
    }),
  );
  const d = core.tools.describe().find((t) => t.name === 'acme_pick')!;
  assert.deepEqual(((d.parameters.properties as Json).side as Json).enum, ['buy', 'sell']);
  assert.deepEqual(schemaProblems(d.parameters, d.name, false), []);
});

test('descriptions are written for a model: what, when, returns, limits; none too long', async () => {
  const core = await readyCore();
  for (const d of core.tools.describe()) {
    assert.ok(d.description.length >= 80, `${d.name}: description too short (${d.description.length})`);
    assert.ok(d.description.length <= 3000, `${d.name}: description too long (${d.description.length})`);
    // Every tool says what comes back (or that it fails) so the model can plan its next call.
    assert.match(d.description, /return|lists|list of|fails/i, `${d.name}: does not say what it returns`);
  }
});

test('toModelSchema keeps its output key for key on the shapes a plain JSON schema may take', () => {
  // Written by the implementation before the compaction of 2026-12-07 (issue #12); JSON text, so key order counts.
  const cases: [unknown, string][] = [
    [
      { const: 1.5, title: 't', default: { a: [1] }, description: 'd', minimum: 1 },
      '{"title":"t","description":"d","default":{"a":[1]},"type":"number","enum":[1.5]}',
    ],
    [{ anyOf: [{ const: 1 }, { type: 'string' }], const: 2 }, '{"type":"integer","enum":[2]}'],
    [{ oneOf: [{ const: 'a' }, { const: 1 }], title: 'x' }, '{"title":"x","enum":["a",1]}'],
    [{ anyOf: [null, { const: 1 }] }, '{"anyOf":[{},{"type":"integer","enum":[1]}]}'],
    [
      { type: 'array', items: [{ type: 'string' }, { const: 3 }] },
      '{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"integer","enum":[3]}]}}',
    ],
    [
      { additionalProperties: false, properties: { a: { additionalProperties: {} } } },
      '{"additionalProperties":false,"properties":{"a":{"additionalProperties":true}}}',
    ],
    [{ patternProperties: { '^.*$': {} }, type: 'object' }, '{"additionalProperties":true,"type":"object"}'],
    [{ patternProperties: { '^a$': { type: 'number' } }, type: 'object' }, '{"type":"object"}'],
    [
      {
        type: 'object',
        required: ['a', 'b', 'c'],
        properties: { a: { default: 1 }, b: { type: 'null' } },
        $id: 'z',
        examples: [],
      },
      '{"type":"object","properties":{"a":{"default":1},"b":{"type":"null"}},"required":["b"]}',
    ],
  ];
  for (const [schema, expected] of cases) assert.equal(JSON.stringify(toModelSchema(schema)), expected);
});
