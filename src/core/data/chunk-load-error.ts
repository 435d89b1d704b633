import { DataSourceError } from './data-source.js';

/**
 * A `network` {@link DataSourceError} for a chunk of the chart's own code that could not be fetched
 * (offline, or a page that did not copy the files beside kline-chart.js): it names what the code was
 * for and keeps the browser's words, instead of a bare "Failed to fetch dynamically imported module".
 * An error that is already a DataSourceError passes through.
 */
export function chunkLoadError(what: string, error: unknown): DataSourceError {
  if (error instanceof DataSourceError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new DataSourceError(
    'network',
    `The chart's code for ${what} could not be loaded (${reason}). Check the connection, and that the chunks/ folder beside kline-chart.js is on the server.`,
  );
}
