import zlib from 'node:zlib';
import { compressJson } from '../plugins/compression';

/**
 * A compressed stream left open after its first part: each reply appends its own bytes, uncompressed, and closes it.
 * The part many replies share is compressed once; a reply then costs a copy, where compressing it would build an
 * encoder (most of the cost of compressing a few kilobytes). Decision 154.
 */
export interface OpenCompressedStream {
  encoding: 'br' | 'gzip';
  /** Everything up to the appended part: byte-aligned, no last block yet. */
  bytes: Buffer;
  /** CRC-32 and length of the uncompressed head (the gzip trailer covers the whole body). */
  crc: number;
  length: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const BROTLI_BLOCK = 1 << 16;
const STORED_BLOCK = 0xffff;
// Brotli: ISLAST and ISLASTEMPTY set, an empty last meta-block (RFC 7932 §9.2).
const BROTLI_END = Buffer.from([0x03]);

/** The head compressed at the stored levels and flushed, so blocks can follow it. */
export function openCompressedStream(head: Buffer, encoding: 'br' | 'gzip'): OpenCompressedStream {
  const compressed = compressJson(head, encoding, 'stored', { open: true });
  const bytes = encoding === 'gzip' ? Buffer.concat([GZIP_HEADER, compressed]) : compressed;
  return { encoding, bytes, crc: zlib.crc32(head), length: head.length };
}

/** The whole stream: the open head, `tail` as uncompressed blocks, and the end. */
export function closeWithRawTail(stream: OpenCompressedStream, tail: Buffer): Buffer {
  const parts = [stream.bytes];
  if (stream.encoding === 'br') {
    for (let at = 0; at < tail.length; at += BROTLI_BLOCK) {
      const block = tail.subarray(at, at + BROTLI_BLOCK);
      parts.push(brotliUncompressedHeader(block.length), block);
    }
    parts.push(BROTLI_END);
    return Buffer.concat(parts);
  }
  let at = 0;
  do {
    const block = tail.subarray(at, at + STORED_BLOCK);
    at += STORED_BLOCK;
    parts.push(storedBlockHeader(block.length, at >= tail.length), block);
  } while (at < tail.length);
  const trailer = Buffer.alloc(8);
  // Node 20's crc32 can answer 0 for an empty buffer instead of the value it continues.
  trailer.writeUInt32LE(tail.length ? zlib.crc32(tail, stream.crc) : stream.crc, 0);
  trailer.writeUInt32LE((stream.length + tail.length) >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** ISLAST 0, MNIBBLES 4 (code 0), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1, then zero bits to the byte boundary. */
function brotliUncompressedHeader(length: number) {
  const bits = ((length - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
}

/** BFINAL, BTYPE 00 (stored) and padding in one byte, then LEN and its one's complement (RFC 1951 §3.2.4). */
function storedBlockHeader(length: number, final: boolean) {
  const header = Buffer.alloc(5);
  header[0] = final ? 1 : 0;
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(length ^ 0xffff, 3);
  return header;
}
