import type { DataSource } from './data-source.js';
import { createUrlSource, type UrlSourceOptions } from './url-source.js';

/** A `json` source for the file at `url`: `createUrlSource('json', url, options)`. */
export function createJsonSource(url: string, options?: UrlSourceOptions): DataSource {
  return createUrlSource('json', url, options);
}
