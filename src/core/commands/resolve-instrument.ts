import type { DataSourceRegistry, Instrument } from '../data/index.js';
import { ToolCallError } from '../tools/index.js';

/** A candidate as tools report it. */
export interface InstrumentCandidate {
  readonly symbol: string;
  /** `EXCHANGE:CODE`, unique within a source. */
  readonly qualifiedSymbol: string;
  readonly name: string;
  readonly exchange: string;
  readonly market: string;
  readonly timezone: string;
  readonly sourceId: string;
}

export function toCandidate(i: Instrument): InstrumentCandidate {
  return {
    symbol: i.symbol,
    qualifiedSymbol: `${i.exchange}:${i.symbol}`,
    name: i.name,
    exchange: i.exchange,
    market: i.market,
    timezone: i.timezone,
    sourceId: i.sourceId,
  };
}

/**
 * Finds exactly one instrument for a code (`CODE` or `EXCHANGE:CODE`), or throws `not_found`
 * (with suggestions) or `ambiguous` (with candidates; nothing may change).
 */
export async function resolveInstrument(
  sources: DataSourceRegistry,
  sourceId: string,
  symbol: string,
  signal?: AbortSignal,
): Promise<Instrument> {
  const source = sources.get(sourceId);
  if (!source) {
    throw new ToolCallError('not_found', `Unknown data source '${sourceId}'.`, {
      recommendedAction: `Use one of: ${sources.ids().join(', ')}.`,
      details: [{ path: 'sourceId', reason: `expected one of ${sources.ids().join(', ')}` }],
    });
  }
  const trimmed = symbol.trim();
  const colon = trimmed.indexOf(':');
  const exchange = colon > 0 ? trimmed.slice(0, colon).toUpperCase() : null;
  const code = (colon > 0 ? trimmed.slice(colon + 1) : trimmed).toUpperCase();
  const found = await source.searchInstruments(code, { limit: 50, signal });
  const exact = found.filter(
    (i) => i.symbol.toUpperCase() === code && (!exchange || i.exchange.toUpperCase() === exchange),
  );
  if (exact.length === 1) return exact[0];
  if (exact.length > 1) {
    const candidates = exact.map(toCandidate);
    throw new ToolCallError(
      'ambiguous',
      `'${symbol}' matches ${exact.length} instruments: ${candidates.map((c) => `${c.qualifiedSymbol} (${c.name})`).join(', ')}. Nothing was changed.`,
      {
        recommendedAction: 'Call ask_user with one option per candidate, then retry with the chosen qualifiedSymbol.',
        data: { candidates },
      },
    );
  }
  const suggestions = found.slice(0, 5).map(toCandidate);
  throw new ToolCallError('not_found', `No instrument with code '${symbol}' in source '${sourceId}'.`, {
    recommendedAction: suggestions.length
      ? `Did you mean: ${suggestions.map((c) => c.qualifiedSymbol).join(', ')}? Or search with instruments_query_name.`
      : 'Search with instruments_query_name using a name or part of the code.',
    data: { suggestions },
  });
}
