import { createCipheriv, createHash } from 'node:crypto';
import { Readable } from 'node:stream';

/**
 * The bytes of a download (ADR 0037): AES-256-CTR over zeros, keyed by the download's seed.
 * CTR is seekable (block n is the key stream at counter n), so any byte range is produced
 * without storing megabytes or reading from the start, and every API node produces the same
 * bytes for the same seed.
 */
const BLOCK = 16;
const CHUNK = 64 * 1024;
const ZEROS = Buffer.alloc(CHUNK);

function keyOf(seed: string): Buffer {
  return createHash('sha256').update(`portico-download:${seed}`).digest();
}

/** The 128-bit counter block of AES block number `block` (big-endian, low 64 bits). */
function counterAt(block: number): Buffer {
  const iv = Buffer.alloc(BLOCK);
  iv.writeBigUInt64BE(BigInt(block), 8);
  return iv;
}

/** The bytes start..end (inclusive) of the file of `seed`, in chunks of at most 64 KiB. */
export function* downloadChunks(seed: string, start: number, end: number): Generator<Buffer> {
  const cipher = createCipheriv('aes-256-ctr', keyOf(seed), counterAt(Math.floor(start / BLOCK)));
  let skip = start % BLOCK;
  let remaining = end - start + 1;
  while (remaining > 0) {
    const take = Math.min(CHUNK, remaining + skip);
    let out = cipher.update(ZEROS.subarray(0, take));
    if (skip > 0) {
      out = out.subarray(skip);
      skip = 0;
    }
    remaining -= out.length;
    yield out;
  }
}

/** A stream of the bytes start..end (inclusive). */
export function downloadStream(seed: string, start: number, end: number): Readable {
  return Readable.from(downloadChunks(seed, start, end), { objectMode: false });
}

/** The SHA-256 (hex) of the whole file of `seed` and `size` bytes. */
export function downloadSha256(seed: string, size: number): string {
  const hash = createHash('sha256');
  if (size > 0) for (const chunk of downloadChunks(seed, 0, size - 1)) hash.update(chunk);
  return hash.digest('hex');
}
