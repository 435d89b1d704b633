import type { TSchema } from '@sinclair/typebox';
import type { IndicatorDefinition } from '../indicators/index.js';

/** A number as short text: integers as is, reals with at most 6 significant digits. */
function short(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
  if (Array.isArray(value)) return `[${value.map(short).join(',')}]`;
  return String(value);
}

function bounds(schema: TSchema): string {
  const lo = schema.minimum ?? schema.exclusiveMinimum;
  const hi = schema.maximum ?? schema.exclusiveMaximum;
  if (lo === undefined && hi === undefined) return '';
  return `${lo === undefined ? '' : short(lo)}..${hi === undefined ? '' : short(hi)}`;
}

/** `fast=12[1..1000]`, `periods=[5,10][1-8 of 1..1000]`, `maType=EMA{SMA|EMA}`, `flag=true`. */
export function paramSummary(name: string, schema: TSchema): string {
  const def = short(schema.default);
  if (schema.type === 'array') {
    const item = (schema.items ?? {}) as TSchema;
    const count = `${schema.minItems ?? 0}-${schema.maxItems ?? '∞'}`;
    const b = bounds(item);
    return `${name}=${def}[${count} of ${b || item.type || 'any'}]`;
  }
  const options = literalOptions(schema);
  if (options) return `${name}=${def}{${options.join('|')}}`;
  const b = bounds(schema);
  return b ? `${name}=${def}[${b}]` : `${name}=${def}`;
}

/** The allowed values of an `enum` or a union of literals, or null. */
export function literalOptions(schema: TSchema): readonly (string | number | boolean)[] | null {
  if (Array.isArray(schema.enum)) return schema.enum as (string | number | boolean)[];
  const members = (schema.anyOf ?? schema.oneOf) as TSchema[] | undefined;
  if (Array.isArray(members) && members.length > 0 && members.every((m) => m.const !== undefined)) {
    return members.map((m) => m.const as string | number | boolean);
  }
  return null;
}

/**
 * One compact line describing a definition for a model:
 * `MACD momentum pane "Moving Average Convergence Divergence" fast=12[1..1000] slow=26[1..1000] signal=9[1..1000] -> macd:DIF signal:DEA hist:MACD`.
 * Outputs are those of the default params (some studies, MA, have one output per period).
 */
export function indicatorDefinitionLine(def: IndicatorDefinition): string {
  const props: Record<string, TSchema> = def.params.properties;
  const order = [...def.paramOrder, ...Object.keys(props).filter((k) => !def.paramOrder.includes(k))];
  const params = order.map((k) => paramSummary(k, props[k])).join(' ');
  const defaults: Record<string, unknown> = {};
  for (const k of order) defaults[k] = props[k].default;
  const outputs = def
    .outputs(defaults as never)
    .map((o) => `${o.key}:${o.label}`)
    .join(' ');
  return `${def.id} ${def.category} ${def.placement} "${def.name}"${params ? ` ${params}` : ''} -> ${outputs}`;
}
