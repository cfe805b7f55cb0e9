// What writing one reply costs, in this process: a browse page of 24 cards and a listing detail written by zod
// (encode, then JSON.stringify: the serializer before decision 140) and by the compiled serializer, and a browse page
// compressed by a brotli stream (@fastify/compress before decision 141) and by one synchronous call. Same process,
// same data, alternating, so the ratio holds on a busy machine where wall-clock figures do not.
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { browseResponseSchema } from '@accountry/shared/listing-browse';
import { listingDetailSchema } from '@accountry/shared/listing-detail';
import { replyJsonSchema } from '../../apps/server/src/plugins/reply-serializer';
import { emit } from './support';

const card = (i: number) => ({
  id: `listing-${i}`,
  sellerId: 'seller-1',
  title: `Level ${i} account with rare skins and a long history`,
  category: 'game',
  platform: 'steam',
  region: 'europe',
  priceCents: 12_000 + i,
  currency: 'USD',
  negotiable: i % 2 === 0,
  level: '120',
  itemsCount: 340,
  followers: null,
  engagementRate: null,
  accountAgeMonths: 48,
  verified: true,
  originalEmail: true,
  twoFactorRemovable: false,
  status: 'active',
  protectionDays: 14,
  viewCount: 1234,
  createdAt: 1_764_000_000_000 + i,
  publishedAt: 1_764_000_000_000 + i,
  sellerName: 'Nova Trades',
  thumbUrl: `/uploads/demo/demo-0${i % 9}-thumb.webp`,
  imageCount: 3,
  isFavorite: false,
  // Row columns the reply must not carry.
  favoriteCount: 7,
  hiddenReason: null,
  deletedAt: null,
});
const browse = {
  items: Array.from({ length: 24 }, (_, i) => card(i)),
  nextCursor: 'WzE3NjQsImlkIl0',
  total: 1000,
  totalCapped: true,
};
const detail = {
  ...card(1),
  description: 'Line one\nLine two',
  deliveryMethod: 'login-details',
  deliveryTime: 'instant',
  images: [0, 1, 2].map((p) => ({
    id: `img${p}`,
    url: '/u/a.webp',
    thumbUrl: '/u/a-t.webp',
    width: 1280,
    height: 720,
    position: p,
  })),
  updatedAt: 1_764_000_000_500,
  soldAt: null,
  isOwner: false,
  favoriteCount: null,
  hiddenReason: null,
  seller: {
    id: 'seller-1',
    displayName: 'Nova Trades',
    role: 'seller',
    memberSince: 1_700_000_000_000,
    lastActive: 1_764_000_000_000,
    emailVerified: true,
    rating: { average: 4.5, count: 12 },
    activeListings: 40,
    soldCount: 9,
    responseTimeMinutes: 12,
  },
  block: null,
  review: { blocker: 'Only buyers of a completed order can review.', mine: null },
};

/** Calls per second of this process's CPU time (not wall time: the machine may be busy) over about `ms` ms. */
async function rate(fn: () => unknown | Promise<unknown>, ms = 1500) {
  for (let i = 0; i < 200; i++) await fn();
  let n = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 50; i++) await fn();
    n += 50;
  }
  const used = process.cpuUsage(cpu);
  return Math.round(n / ((used.user + used.system) / 1e6));
}

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
async function brotliStream(s: string) {
  const chunks: Buffer[] = [];
  await pipeline(
    Readable.from([s]),
    zlib.createBrotliCompress(BROTLI),
    new Writable({
      write: (c, _e, cb) => {
        chunks.push(c);
        cb();
      },
    }),
  );
  return Buffer.concat(chunks);
}

export async function run() {
  for (const [name, schema, data] of [
    ['browse', browseResponseSchema, browse],
    ['detail', listingDetailSchema, detail],
  ] as const) {
    const compiled = fastJson(replyJsonSchema(schema)!);
    const viaZod = () => JSON.stringify(z.encode(schema as z.ZodType, data));
    if (compiled(data) !== viaZod()) throw new Error(`${name}: the two serializers disagree`);
    const before = await rate(viaZod);
    const after = await rate(() => compiled(data));
    emit({
      bench: `reply.serialize.${name}`,
      value: after,
      unit: 'replies/s',
      baseline: 'zod.encode+stringify',
      baselineValue: before,
      bytes: compiled(data).length,
    });
  }
  const body = JSON.stringify(browse);
  const stream = await rate(() => brotliStream(body), 2000);
  const sync = await rate(() => zlib.brotliCompressSync(body, BROTLI), 2000);
  emit({
    bench: 'reply.compress.browse',
    value: sync,
    unit: 'replies/s',
    baseline: 'brotli stream',
    baselineValue: stream,
    bytes: body.length,
  });
}
