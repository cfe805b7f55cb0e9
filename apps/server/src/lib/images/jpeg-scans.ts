const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * How many scans (SOS segments) a JPEG holds, read from its markers without decoding: segments are skipped by their
 * length, a scan's entropy-coded data up to the next marker (a 0xff there is stuffed as 0xff00, or a restart). Stops
 * at the end of the image or at bytes that are not a marker, and leaves those to the decoder.
 */
export function jpegScanCount(b: Buffer): number {
  let scans = 0;
  let i = 2;
  while (i + 1 < b.length && b[i] === 0xff) {
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1; // a fill byte before a marker
      continue;
    }
    if (marker === 0xd9) break;
    if (isRestart(marker) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (i + 3 >= b.length) break;
    i += 2 + b.readUInt16BE(i + 2);
    if (marker !== 0xda) continue;
    scans += 1;
    for (i = b.indexOf(0xff, i); i !== -1 && i + 1 < b.length; i = b.indexOf(0xff, i + 1)) {
      const next = b[i + 1];
      if (next !== 0x00 && !isRestart(next)) break;
    }
    if (i === -1) break;
  }
  return scans;
}
