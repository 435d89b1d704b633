import type { DataSource } from './data-source.js';
import { createUrlSource, type UrlSourceOptions } from './url-source.js';

/** A `csv` source for the file at `url`: `createUrlSource('csv', url, options)`. */
export function createCsvSource(url: string, options?: UrlSourceOptions): DataSource {
  return createUrlSource('csv', url, options);
}
