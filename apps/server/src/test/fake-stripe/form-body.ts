/** A form field tree as Stripe reads it: `a[b][0][c]=v` becomes { a: { b: { 0: { c: 'v' } } } }. */
export type FormTree = { [key: string]: string | FormTree };

/** Decode an application/x-www-form-urlencoded body with Stripe's bracket notation for nested fields. */
export function parseFormBody(body: string): FormTree {
  const root: FormTree = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = keyPath(rawKey);
    if (!path) throw new FormBodyError(`Invalid parameter name: ${rawKey}`);
    let node = root;
    for (const [i, key] of path.entries()) {
      if (i === path.length - 1) {
        node[key] = value;
        break;
      }
      const next = node[key];
      if (typeof next === 'string') throw new FormBodyError(`Invalid parameter name: ${rawKey}`);
      node = next ?? (node[key] = {});
    }
  }
  return root;
}

export class FormBodyError extends Error {}

function keyPath(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const rest = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]);
  return [match[1], ...rest];
}

/** The values of an indexed field (`line_items[0]`, `line_items[1]`…) in index order. */
export function formList(node: string | FormTree | undefined): FormTree[] {
  if (!node || typeof node === 'string') return [];
  return Object.keys(node)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => node[k])
    .filter((v): v is FormTree => typeof v === 'object');
}

export function formString(node: string | FormTree | undefined): string | undefined {
  return typeof node === 'string' ? node : undefined;
}

/** A flat string map (metadata) from a subtree. */
export function formStrings(node: string | FormTree | undefined): Record<string, string> {
  if (!node || typeof node === 'string') return {};
  return Object.fromEntries(Object.entries(node).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
