import fs from 'node:fs/promises';
import path from 'node:path';
import type Sharp from 'sharp';
import { lazyModule } from '../../lib/lazy-module';

const sharp = (...args: Parameters<typeof Sharp>) => loadSharp()(...args);
const loadSharp = lazyModule<typeof Sharp>('sharp');
import { newId } from '../../lib/ids';
import { THUMB } from './image-processing';

/** The pool of generated screenshots demo listings share; made from SVG on first request, then served from disk. */
export const DEMO_IMAGE_COUNT = 24;
const DEMO_FILE = /^demo-(\d{2})(-thumb)?\.webp$/;

export const demoImageUrls = (i: number) => {
  const n = String((i % DEMO_IMAGE_COUNT) + 1).padStart(2, '0');
  return {
    url: `/uploads/demo/demo-${n}.webp`,
    thumbUrl: `/uploads/demo/demo-${n}-thumb.webp`,
    width: 1280,
    height: 720,
  };
};

/** A made-up "account overview" screen: shapes only, so no fonts are needed. */
function demoSvg(n: number): string {
  const hue = (n * 47) % 360;
  const hue2 = (hue + 140) % 360;
  const bars = Array.from({ length: 5 }, (_, i) => {
    const w = 180 + ((n * 37 + i * 71) % 420);
    return `<rect x="520" y="${250 + i * 70}" width="${w}" height="28" rx="14" fill="hsl(${(hue2 + i * 20) % 360},70%,62%)" opacity="0.9"/>`;
  }).join('');
  const tiles = Array.from({ length: 8 }, (_, i) => {
    const x = 80 + (i % 4) * 100;
    const y = 430 + Math.floor(i / 4) * 100;
    return `<rect x="${x}" y="${y}" width="84" height="84" rx="12" fill="hsl(${(hue + i * 30) % 360},65%,${45 + ((n + i) % 4) * 8}%)"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,18%)"/><stop offset="1" stop-color="hsl(${hue2},60%,30%)"/></linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/>
    <rect x="0" y="0" width="1280" height="80" fill="rgba(0,0,0,0.35)"/>
    <circle cx="60" cy="40" r="22" fill="hsl(${hue2},80%,60%)"/>
    <rect x="100" y="28" width="${160 + (n % 5) * 30}" height="24" rx="12" fill="rgba(255,255,255,0.7)"/>
    <circle cx="230" cy="250" r="120" fill="hsl(${hue},70%,55%)" stroke="white" stroke-width="8"/>
    <circle cx="230" cy="225" r="42" fill="rgba(255,255,255,0.85)"/>
    <rect x="160" y="280" width="140" height="60" rx="30" fill="rgba(255,255,255,0.85)"/>
    ${bars}${tiles}
    <rect x="960" y="120" width="260" height="540" rx="24" fill="rgba(255,255,255,0.12)"/>
    <polygon points="1090,200 1120,280 1200,280 1135,330 1160,410 1090,360 1020,410 1045,330 980,280 1060,280" fill="hsl(${(hue + 60) % 360},90%,65%)"/>
  </svg>`;
}

const pending = new Map<string, Promise<void>>();

/** Make sure the demo file exists (both sizes of its image); returns false for names that are not demo images. */
export async function ensureDemoImage(demoDir: string, fileName: string): Promise<boolean> {
  const m = DEMO_FILE.exec(fileName);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > DEMO_IMAGE_COUNT) return false;
  const n = Number(m[1]);
  const full = path.join(demoDir, `demo-${m[1]}.webp`);
  const thumb = path.join(demoDir, `demo-${m[1]}-thumb.webp`);
  if ((await exists(full)) && (await exists(thumb))) return true;
  let job = pending.get(full);
  if (!job) {
    job = (async () => {
      await fs.mkdir(demoDir, { recursive: true });
      const png = await sharp(Buffer.from(demoSvg(n)))
        .png()
        .toBuffer();
      await writeAtomic(full, await sharp(png).webp({ quality: 80 }).toBuffer());
      await writeAtomic(
        thumb,
        await sharp(png)
          .resize({ ...THUMB, fit: 'cover' })
          .webp({ quality: 70 })
          .toBuffer(),
      );
    })().finally(() => pending.delete(full));
    pending.set(full, job);
  }
  await job;
  return true;
}

async function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function writeAtomic(file: string, data: Buffer) {
  const tmp = `${file}.${newId()}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}

/** Make the whole pool ahead of the first visitor (in the background at start-up). */
export async function warmDemoImages(demoDir: string) {
  for (let i = 1; i <= DEMO_IMAGE_COUNT; i++) await ensureDemoImage(demoDir, `demo-${String(i).padStart(2, '0')}.webp`);
}
