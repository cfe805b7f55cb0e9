/** Refusals of strings no field may hold, in any request or socket frame (decisions 075 and 247). */
export const INPUT_STRING_MESSAGES = {
  nul: 'Text must not contain NUL characters.',
  brokenCharacter: 'Text must not contain half of a character (a broken emoji or symbol).',
  tooDeep: 'The request is nested too deeply.',
} as const;

const MAX_DEPTH = 32;
/** Half of a surrogate pair without its other half: no character, and no UTF-8 encoding stores it as sent. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface StringFault {
  /** Dotted path of the string (or key) at fault, '_' for the value itself, '' when the nesting is too deep. */
  path: string;
  message: string;
}

function faultOf(s: string) {
  // PostgreSQL text cannot hold a NUL; SQLite would store half a character as bytes that are not UTF-8, and
  // PostgreSQL as U+FFFD, so what was answered would differ from what is read back.
  if (s.includes('\0')) return INPUT_STRING_MESSAGES.nul;
  return LONE_SURROGATE.test(s) ? INPUT_STRING_MESSAGES.brokenCharacter : null;
}

/** The first string (value or key) that cannot be stored as sent, or a nesting too deep to walk; null when clean. */
export function findStringFault(value: unknown, path = '', depth = 0): StringFault | null {
  if (typeof value === 'string') {
    const message = faultOf(value);
    return message ? { path: path || '_', message } : null;
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  if (depth > MAX_DEPTH) return { path: '', message: INPUT_STRING_MESSAGES.tooDeep };
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const at = path ? `${path}.${key}` : key;
    const message = faultOf(key);
    if (message) return { path: at, message };
    const found = findStringFault(child, at, depth + 1);
    if (found) return found;
  }
  return null;
}
