/** The document as pieces of JSON text, written as they are read (decision 179). */
export type Chunks = AsyncIterable<string>;

/** A value read whole: a section or an item small enough to hold at once. */
export async function* whole(value: unknown): Chunks {
  yield JSON.stringify(await value);
}

/** An array whose items arrive one at a time, each written by `write`. */
export async function* arrayOf<T>(items: AsyncIterable<T>, write: (item: T) => Chunks = whole): Chunks {
  let first = true;
  for await (const item of items) {
    yield first ? '[\n' : ',\n';
    first = false;
    yield* write(item);
  }
  yield first ? '[]' : '\n]';
}

/** An object whose last member (a conversation's messages, the wallet's entries) is written as it is read. */
export async function* objectEndingWith(head: Record<string, unknown>, key: string, last: Chunks): Chunks {
  const fields = JSON.stringify(head).slice(1, -1);
  yield `{${fields}${fields ? ',' : ''}${JSON.stringify(key)}:`;
  yield* last;
  yield '}';
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
