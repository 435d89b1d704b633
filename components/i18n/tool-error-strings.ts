import type { Catalogue } from './catalogue.js';
import { lazyModule } from '../../src/core/tools/lazy-module.js';
import { localeFor, sectionStrings } from './locale-registry.js';

export { EN_TOOL_ERRORS } from './tool-error-words.js';

type Words = Catalogue['toolErrors'];

/** The English sentences (tool-error-words.ts) once their chunk is in. */
let english: Words | null = null;
/** Their stand-in before: no key of its own, so a section is the translation alone. */
const NONE = {} as Words;
const loadWords = lazyModule(() =>
  import('./tool-error-words.js').then(
    (module) => {
      english = module.EN_TOOL_ERRORS;
    },
    (error: unknown) => {
      console.warn('kline-chart: could not load the words for failed commands.', error);
      throw error;
    },
  ),
);

/**
 * Fetches the English sentences of {@link toolErrorText} (in the bundle a chunk, issue #12), unless they
 * are in or on their way: LocaleController asks for a locale other than English, whose failed tool calls show
 * them, long before a call can fail (the tools load after the first paint). A fetch that fails says so once on
 * the console and is tried again on the next call; meanwhile a code the translation lacks shows the tool's own
 * message.
 */
export function loadToolErrorWords(): void {
  if (!english) loadWords().catch(() => undefined);
}

/** The sentence people see for a tool error `code` in `locale` (`null` for an unknown code). */
export function toolErrorText(locale: string, code: string): string | null {
  loadToolErrorWords();
  const text = (sectionStrings(locale, 'toolErrors', english ?? NONE) as Record<string, unknown>)[code];
  return typeof text === 'string' ? text : null;
}

/**
 * What people see for a failed call: English keeps the tool's own message (written for the
 * model, usually clear enough); other locales show the sentence for its code.
 */
export function toolErrorForPeople(locale: string, error: { code: string; message: string }): string {
  return localeFor(locale) === 'en' ? error.message : (toolErrorText(locale, error.code) ?? error.message);
}
