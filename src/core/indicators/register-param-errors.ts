import { paramErrors } from './param-errors.js';
import { setParamWording } from './param-wording.js';

/*
 * Importing this module gives resolve-params.ts the words of a params refusal (param-errors.ts). The
 * chunks that resolve params a user or an agent typed (the indicator tools, markers_from_condition,
 * a saved layout) import it, so their refusals are worded; the bundle's eager part loads it only for
 * an `indicators` list it refuses (lazy-param-errors.ts, issue #12).
 */
setParamWording(paramErrors);
