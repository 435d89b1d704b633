class JsonSyntaxAt extends Error {
  constructor(readonly offset: number) {
    super(`JSON syntax error at ${offset}`);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS: Record<string, string> = { t: 'true', f: 'false', n: 'null' };

/**
 * Offset of the first JSON syntax error in `text`, or -1 when it is valid (or too deeply nested to
 * check). Engines report positions differently or not at all (V8 often only quotes the text), so
 * the line of a syntax error is computed here the same way everywhere.
 */
export function locateJsonError(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw new JsonSyntaxAt(i);
  };
  const space = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const string = (): void => {
    if (text[i] !== '"') fail();
    i++;
    for (;;) {
      if (i >= text.length) fail();
      const ch = text.charCodeAt(i);
      if (ch === 0x22) {
        i++;
        return;
      }
      if (ch < 0x20) fail();
      if (ch === 0x5c) {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i++;
            fail();
          }
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else {
          i++;
          fail();
        }
      } else i++;
    }
  };
  const value = (): void => {
    space();
    const ch = text[i];
    if (ch === '{') {
      i++;
      space();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        space();
        string();
        space();
        if (text[i] !== ':') fail();
        i++;
        value();
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail();
      }
    }
    if (ch === '[') {
      i++;
      space();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail();
      }
    }
    if (ch === '"') {
      string();
      return;
    }
    const literal = ch === undefined ? undefined : LITERALS[ch];
    if (literal !== undefined) {
      for (let k = 0; k < literal.length; k++, i++) if (text[i] !== literal[k]) fail();
      return;
    }
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) fail();
    i = NUMBER.lastIndex;
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return -1;
  } catch (error) {
    if (error instanceof JsonSyntaxAt) return error.offset;
    return -1; // stack overflow on absurd nesting: no position rather than a wrong one
  }
}
