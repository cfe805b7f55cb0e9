/** The document as pieces of JSON text, written as they are read (decision 179), indented two spaces a level. */
export type Chunks = AsyncIterable<string>;

const pad = (depth: number) => '  '.repeat(depth);
/** A value as indented JSON, starting at `depth`: its inner lines carry the indent of where it sits. */
const pretty = (value: unknown, depth: number) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${pad(depth)}`);

/** A value read whole: a section or an item small enough to hold at once. */
export async function* whole(value: unknown, depth = 1): Chunks {
  yield pretty(await value, depth);
}

/** An array whose items arrive one at a time, each written by `write` one level in. */
export async function* arrayOf<T>(
  items: AsyncIterable<T>,
  depth: number,
  write: (item: T, depth: number) => Chunks = whole,
): Chunks {
  let first = true;
  for await (const item of items) {
    yield `${first ? '[' : ','}\n${pad(depth + 1)}`;
    first = false;
    yield* write(item, depth + 1);
  }
  yield first ? '[]' : `\n${pad(depth)}]`;
}

/** An object whose last member (a conversation's messages, the wallet's entries) is written as it is read. */
export async function* objectEndingWith(
  head: Record<string, unknown>,
  key: string,
  depth: number,
  last: (depth: number) => Chunks,
): Chunks {
  const fields = pretty(head, depth).slice(0, -1).trimEnd();
  yield `${fields}${fields === '{' ? '' : ','}\n${pad(depth + 1)}${JSON.stringify(key)}: `;
  yield* last(depth + 1);
  yield `\n${pad(depth)}}`;
}

/** Rows a page at a time, each page's rows one by one; `between` runs before each page after the first. */
export async function* pages<Row>(
  read: (after: Row | undefined) => Promise<Row[]>,
  size: number,
  between: () => Promise<void>,
): AsyncIterable<Row> {
  let after: Row | undefined;
  for (;;) {
    if (after !== undefined) await between();
    const page = await read(after);
    yield* page;
    if (page.length < size) return;
    after = page[page.length - 1];
  }
}
