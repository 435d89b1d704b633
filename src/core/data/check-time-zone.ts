import { DataSourceError } from './data-source.js';
import { zoneOffsetMs } from './market-time.js';

/** Throws `DataSourceError('parse')` unless Intl knows `timeZone` (a file's zone is data, not code). */
export function checkTimeZone(timeZone: string, where = 'time zone'): void {
  try {
    zoneOffsetMs(0, timeZone);
  } catch {
    throw new DataSourceError('parse', `${where}: unknown time zone ${JSON.stringify(timeZone)}.`);
  }
}
