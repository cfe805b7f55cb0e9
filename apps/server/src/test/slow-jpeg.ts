/**
 * A small, valid JPEG that takes seconds to decode: a progressive greyscale image just under the 40 MP limit whose
 * 63 AC coefficients are each sent in their own band, refined bit by bit (1 DC scan and 882 AC scans, each all
 * end-of-band runs, so about 125 KB). The decoder reads every scan over every block before the first row comes out.
 */
export function slowJpeg(width = 6320, height = 6320): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const out: number[] = [0xff, 0xd8];
  // One at a time: the DC scan's bytes are too many to spread into one call.
  const append = (bytes: number[]) => bytes.forEach((b) => out.push(b));
  const segment = (marker: number, body: number[]) => {
    out.push(0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body);
  };
  segment(0xdb, [0x00, ...Array<number>(64).fill(1)]);
  segment(0xc2, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  // DC table: one code, "0", for a difference of zero.
  segment(0xc4, [0x00, 1, ...Array<number>(15).fill(0), 0x00]);
  // AC table: "00" for a run of 16384-32767 empty blocks (14 more bits), "01" for the last, shorter run.
  const longRuns = Math.floor(blocks / 32767);
  const last = blocks - longRuns * 32767;
  const lastBits = Math.floor(Math.log2(last));
  segment(0xc4, [0x10, 0, 2, ...Array<number>(14).fill(0), 0xe0, lastBits << 4]);

  segment(0xda, [1, 1, 0x00, 0, 0, 0x00]);
  append(bits(Array.from({ length: blocks }, () => [0, 1] as const)));
  const emptyBand = bits([
    ...Array.from({ length: longRuns }, () => [[0, 2] as const, [32767 - 16384, 14] as const]).flat(),
    [1, 2],
    [last - (1 << lastBits), lastBits],
  ]);
  for (let k = 1; k <= 63; k++)
    for (let low = 13; low >= 0; low--) {
      const high = low === 13 ? 0 : low + 1;
      segment(0xda, [1, 1, 0x00, k, k, (high << 4) | low]);
      append(emptyBand);
    }
  out.push(0xff, 0xd9);
  return Buffer.from(out);
}

/** Entropy-coded bytes of (value, bit count) pairs, padded with ones and with each 0xff byte stuffed. */
function bits(codes: ReadonlyArray<readonly [number, number]>): number[] {
  const bytes: number[] = [];
  let byte = 0;
  let used = 0;
  const push = (b: number) => bytes.push(...(b === 0xff ? [0xff, 0x00] : [b]));
  for (const [value, count] of codes)
    for (let i = count - 1; i >= 0; i--) {
      byte = (byte << 1) | ((value >> i) & 1);
      if (++used === 8) {
        push(byte);
        byte = 0;
        used = 0;
      }
    }
  if (used) push((byte << (8 - used)) | ((1 << (8 - used)) - 1));
  return bytes;
}
