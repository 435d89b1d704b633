/**
 * The one reason param-errors.ts `paramErrors` gives a value it finds nothing wrong with. For a schema the
 * compiled checks (compile-check.ts) do not cover, e.g. a host study's plain JSON schema, that reason alone
 * means the value fits (resolve-params.ts): the words are the check, so no second copy of their rules is in
 * the eager bundle (issue #12).
 */
export const PARAMS_FIT = 'Expected a value that fits the parameter schema';
