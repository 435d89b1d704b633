import type { DataSourceError } from '../data/data-source.js';
import { ToolCallError } from './tool-error.js';

/** A `DataSourceError` by its name (a type-only import: the tools layer does not load the data layer). */
function isDataSourceError(error: unknown): error is DataSourceError {
  return (
    error instanceof Error && error.name === 'DataSourceError' && typeof (error as DataSourceError).code === 'string'
  );
}

/**
 * Whatever a load or a source threw, as the tool error a model can act on (docs/contracts.md
 * "Tool results"): a source's `not_found` stays `not_found` with a hint to search, `unsupported`
 * becomes `out_of_range`, an abort `aborted`, anything else `internal` (retryable for network errors).
 */
export function toToolError(error: unknown): ToolCallError {
  if (error instanceof ToolCallError) return error;
  if (isDataSourceError(error)) {
    switch (error.code) {
      case 'not_found':
        return new ToolCallError('not_found', error.message, {
          recommendedAction: 'Search with instruments_query_name and use an exact code.',
        });
      case 'aborted':
        return new ToolCallError('aborted', 'The load was cancelled.');
      case 'unsupported':
        return new ToolCallError('out_of_range', error.message);
      default:
        return new ToolCallError('internal', error.message, { retryable: error.code === 'network' });
    }
  }
  if ((error as Error)?.name === 'AbortError') return new ToolCallError('aborted', 'The load was cancelled.');
  return new ToolCallError('internal', (error as Error)?.message ?? String(error));
}
