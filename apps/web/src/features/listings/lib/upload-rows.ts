/** A screenshot upload's row under the form: its progress, then its refusal until dismissed. */
export interface UploadRow {
  key: string;
  name: string;
  progress: number;
  error: string | null;
  done: boolean;
}

/** The rows once a batch ends: its uploaded ones go; its failures and every other batch's rows stay. */
export function rowsAfterBatch<R extends UploadRow>(list: R[], batchKeys: ReadonlySet<string>): R[] {
  return list.filter((u) => u.error || !batchKeys.has(u.key));
}
