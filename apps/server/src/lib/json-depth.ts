/**
 * The deepest any JSON body may nest. No request of the API nests beyond a handful of levels
 * (a playlist's items, a schedule's days); a body thousands of levels deep parses (JSON.parse
 * walks it iteratively) but then overflows the call stack of whatever walks it recursively,
 * JSON.stringify included, and the request ends in a 500 (the fuzz test found one).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether the JSON text nests arrays and objects deeper than `limit`: one pass over the text,
 * brackets inside strings ignored. It does not validate the JSON (the parser does that next).
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}
