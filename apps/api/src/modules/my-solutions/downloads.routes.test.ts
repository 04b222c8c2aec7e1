import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';
import { REPORT_ENGINE_PATH, reportEngineZip } from './downloads.routes.js';

// §2 download-report-engine: the default REPORT_ENGINE_DOWNLOAD_URL is served by the API.

/** CRC-32 (IEEE 802.3, reflected 0xEDB88320), bit by bit: independent of the code under test. */
function referenceCrc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

interface ParsedEntry {
  name: string;
  method: number;
  crc: number;
  data: Buffer;
}

/** Reads a ZIP the way an extractor does: end record → central directory → local headers. */
function parseZip(zip: Buffer): ParsedEntry[] {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end), 'end of central directory signature').toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  expect(directoryOffset + directorySize).toBe(end);

  const entries: ParsedEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(at), 'central header signature').toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extra + comment;

    expect(zip.readUInt32LE(localOffset), 'local header signature').toBe(0x04034b50);
    expect(zip.readUInt16LE(localOffset + 8)).toBe(method);
    expect(zip.readUInt32LE(localOffset + 14)).toBe(crc);
    expect(zip.readUInt32LE(localOffset + 18)).toBe(compressed);
    expect(zip.readUInt32LE(localOffset + 22)).toBe(size);
    const localNameLength = zip.readUInt16LE(localOffset + 26);
    const localExtra = zip.readUInt16LE(localOffset + 28);
    expect(zip.toString('utf8', localOffset + 30, localOffset + 30 + localNameLength)).toBe(name);
    const start = localOffset + 30 + localNameLength + localExtra;
    entries.push({ name, method, crc, data: zip.subarray(start, start + compressed) });
  }
  expect(at).toBe(end);
  return entries;
}

describe('GET /downloads/portico-report-engine.zip', () => {
  const t = appPerSuite();

  const download = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: REPORT_ENGINE_PATH, headers });

  it('is served without a token as a zip attachment', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="portico-report-engine.zip"',
    );
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // The site's security headers stay on (no sniffing the file into something else).
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('holds one stored README.txt with a correct CRC-32', async () => {
    const zip = (await download()).rawPayload;
    const entries = parseZip(zip);
    expect(entries.map((e) => e.name)).toEqual(['README.txt']);
    const [readme] = entries;
    if (!readme) throw new Error('no entry');
    expect(readme.method).toBe(0);
    expect(readme.crc).toBe(referenceCrc32(readme.data));
    const text = readme.data.toString('utf8');
    expect(text).toContain('Portico report engine');
    expect(text).toContain('REPORT_ENGINE_DOWNLOAD_URL');
    expect(text).toMatch(/\r\n/);
    expect(text).not.toMatch(/[^\r]\n/);
  });

  it.runIf(existsSync('/usr/bin/unzip'))('passes unzip -t', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portico-zip-'));
    try {
      const file = join(dir, 'engine.zip');
      await writeFile(file, (await download()).rawPayload);
      const out = execFileSync('/usr/bin/unzip', ['-t', file], { encoding: 'utf8' });
      expect(out).toMatch(/testing: README\.txt\s+OK/);
      expect(out).toContain('No errors detected');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is the same archive on a node in any time zone, dated 2026-01-01 00:00', () => {
    const zone = process.env.TZ;
    const zipIn = (tz: string) => {
      process.env.TZ = tz;
      return reportEngineZip();
    };
    try {
      const utc = zipIn('UTC');
      expect(zipIn('Asia/Tokyo').equals(utc)).toBe(true);
      expect(zipIn('America/Los_Angeles').equals(utc)).toBe(true);
      // The local header's MS-DOS time and date: 00:00:00, 2026-01-01.
      expect(utc.readUInt16LE(10)).toBe(0);
      expect(utc.readUInt16LE(12)).toBe(((2026 - 1980) << 9) | (1 << 5) | 1);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('gives the same bytes every time and answers 304 to its ETag', async () => {
    const first = await download();
    const again = await download();
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const cached = await download({ 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload).toHaveLength(0);
  });

  it.each(['/downloads', '/downloads/', '/downloads/other.zip', '/downloads/a/b.exe'])(
    '%s is a JSON 404, also for a browser asking for HTML (never the SPA)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        status: 404,
        detail: 'There is no such file to download.',
      });
    },
  );
});
