import fs from 'node:fs';
import { vi } from 'vitest';

/** Run `work` while the disk fills half-way through every file write: part of the file lands, then ENOSPC. */
export async function whileDiskFills<T>(work: () => Promise<T>): Promise<T> {
  const write = fs.promises.writeFile;
  const spy = vi.spyOn(fs.promises, 'writeFile').mockImplementation(async (file, data) => {
    await write(file as string, (data as Buffer).subarray(0, 16));
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  });
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}
