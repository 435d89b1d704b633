import type { IndicatorConvention } from './indicator-convention.js';
import type { IndicatorDefinition } from './indicator-definition.js';

function formatValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(formatValue).join(',');
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(10)));
  return String(value);
}

/**
 * Short notation of a study instance: params in `paramOrder`, arrays spread.
 *
 * @example formatIndicatorLabel(macd, { fast: 12, slow: 26, signal: 9 }) // 'MACD(12,26,9)'
 * @example formatIndicatorLabel(ma, { periods: [5, 20] }) // 'MA(5,20)'
 * @example formatIndicatorLabel(macd, { fast: 12, slow: 26, signal: 9 }, 'tdx') // 'MACD(12,26,9;tdx)'
 *
 * `convention` is given for a study that names its own convention (the chart's is not repeated).
 */
export function formatIndicatorLabel(
  def: IndicatorDefinition,
  params: Readonly<Record<string, unknown>>,
  convention?: IndicatorConvention,
): string {
  const parts: string[] = [];
  for (const key of def.paramOrder) {
    const v = params[key];
    if (v === undefined) continue;
    const text = formatValue(v);
    if (text !== '') parts.push(text);
  }
  if (convention !== undefined) return `${def.id}(${parts.join(',')};${convention})`;
  return parts.length ? `${def.id}(${parts.join(',')})` : def.id;
}
