import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { slowJpeg } from '../../test/slow-jpeg';
import { DISPLAY_VARIANT, reencodeImage } from './image-processing';
import { jpegScanCount } from './jpeg-scans';
import { testEngine } from '../../test/test-app';

const notAnImage = 'Attach a JPEG, PNG or WebP image.';

/** What `reencodeImage` throws for `input`, or null when it re-encoded it. */
async function refusal(input: Buffer, limits?: { timeoutSeconds: number; maxJpegScans?: number }) {
  const done = await reencodeImage(input, { full: DISPLAY_VARIANT }, notAnImage, 'member-1', limits).then(
    () => null,
    (err: unknown) => err,
  );
  return done instanceof AppError ? [done.statusCode, done.message, done.fields] : done;
}

// No database here: `npm test` runs it in the SQLite step, and the PostgreSQL step would only repeat it.
describe.skipIf(testEngine === 'postgres')('re-encoding an upload', () => {
  it(
    'refuses, as a 400 on the file, an image whose processing passes the time limit',
    { timeout: 180_000 },
    async () => {
      // Seconds of decoding on any machine (the limit's smallest setting is one second), from 139 KB; its scans are
      // let through here, so the time limit is what stops it.
      const input = slowJpeg();
      expect(input.length).toBeLessThan(150_000);
      const tooSlow =
        'This image takes too long to process. Save it again as an ordinary JPEG, PNG or WebP, or try a smaller one.';
      expect(await refusal(input, { timeoutSeconds: 1, maxJpegScans: Infinity })).toEqual([
        400,
        tooSlow,
        { file: tooSlow },
      ]);
    },
  );

  it('re-encodes an ordinary image within the limit, and refuses bytes that are not one with the caller’s message', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const { full } = await reencodeImage(png, { full: DISPLAY_VARIANT }, notAnImage, 'member-1');
    expect([full.width, full.height, full.data.subarray(8, 12).toString('latin1')]).toEqual([64, 48, 'WEBP']);
    expect(await refusal(Buffer.from('GIF89a not really'))).toEqual([400, notAnImage, { file: notAnImage }]);
    const truncated = png.subarray(0, 40);
    expect(await refusal(truncated)).toEqual([400, notAnImage, { file: notAnImage }]);
  });

  // Eighteen 3-megapixel images on a shared machine: more than the default 20 s when the machine is busy.
  it(
    'refuses a member’s 17th image at once as a 429 on the file, but not another member’s',
    { timeout: 120_000 },
    async () => {
      const png = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer();
      const encode = (member: string) => reencodeImage(png, { full: DISPLAY_VARIANT }, notAnImage, member);
      const busy = 'Your other images are still being processed. Send this one again in a moment.';
      const settled = await Promise.allSettled([
        ...Array.from({ length: 17 }, () => encode('mallory')),
        encode('alice'),
      ]);
      const statuses = settled.map((s) => s.status);
      expect(statuses).toEqual([...Array(16).fill('fulfilled'), 'rejected', 'fulfilled']);
      const refused = settled[16].status === 'rejected' ? (settled[16].reason as AppError) : null;
      expect([refused?.statusCode, refused?.message, refused?.fields]).toEqual([429, busy, { file: busy }]);
      expect((await encode('mallory')).full.width).toBe(1600);
    },
  );

  // Making the 13-megapixel-wide PNG takes seconds of the test's own time, more on a busy machine.
  it(
    'refuses an image wider or taller than 20,000 pixels from its header, as a 400 on the file',
    { timeout: 120_000 },
    async () => {
      // A 13,000,000 × 3 PNG of 511 KB took 1.9 GB of memory to refuse after decoding: the side is checked first.
      const png = (width: number, height: number) =>
        sharp({ create: { width, height, channels: 3, background: '#0a0' } })
          .png()
          .toBuffer();
      const tooLarge = 'This image is too large: each side can be at most 20,000 pixels.';
      for (const [width, height] of [
        [20_001, 1],
        [1, 20_001],
        [13_000_000, 3],
      ])
        expect(await refusal(await png(width, height)), `${width}×${height}`).toEqual([
          400,
          tooLarge,
          { file: tooLarge },
        ]);
      const { full } = await reencodeImage(await png(20_000, 2), { full: DISPLAY_VARIANT }, notAnImage, 'member-1');
      expect(full.width).toBe(1600);
    },
  );

  it(
    'refuses a JPEG of more scans than encoders write before decoding it, and takes ordinary progressive ones',
    { timeout: 180_000 },
    async () => {
      // 883 scans, each a pass over every block: half a minute of reading, which the time limit cannot stop.
      const tooSlow =
        'This image takes too long to process. Save it again as an ordinary JPEG, PNG or WebP, or try a smaller one.';
      // With an hour to decode (which it would finish in), only the count of its scans can refuse it.
      expect(await refusal(slowJpeg(), { timeoutSeconds: 3600 })).toEqual([400, tooSlow, { file: tooSlow }]);
      const photo = sharp({
        create: {
          width: 800,
          height: 600,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      });
      const scans = [photo.clone().jpeg(), photo.clone().jpeg({ progressive: true })].map(async (j) =>
        jpegScanCount(await j.toBuffer()),
      );
      expect([jpegScanCount(slowJpeg()), ...(await Promise.all(scans))]).toEqual([883, 1, 10]);
      for (const jpeg of [
        await photo.clone().jpeg({ progressive: true }).toBuffer(),
        await photo.clone().jpeg({ progressive: true, mozjpeg: true }).toBuffer(),
        await photo.clone().jpeg({ progressive: true, optimiseScans: true }).toBuffer(),
        await photo.clone().withMetadata({ orientation: 6 }).jpeg({ progressive: true }).toBuffer(),
      ]) {
        const { full } = await reencodeImage(jpeg, { full: DISPLAY_VARIANT }, notAnImage, 'member-1');
        expect(full.width).toBeGreaterThan(0);
      }
    },
  );
});
