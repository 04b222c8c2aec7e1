import { zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  /** Path inside the archive, ASCII, forward slashes. */
  name: string;
  data: Buffer;
}

/**
 * A ZIP archive with every entry stored, not compressed (level 0), written by fflate
 * (ADR 0064). Its whole-archive writer knows each entry's size and CRC-32 before the entry's
 * header, so the local headers carry them (no data descriptors) and every unzip reads it.
 * `modified` is fixed by the caller, so the same entries always give the same bytes.
 */
export function storedZip(entries: readonly ZipEntry[], modified: Date): Buffer {
  // ZIP keeps a wall-clock (MS-DOS) time and fflate reads it in local time: a local Date with
  // `modified`'s UTC fields writes the same fields on every node, whatever its time zone.
  const mtime = new Date(
    modified.getUTCFullYear(),
    modified.getUTCMonth(),
    modified.getUTCDate(),
    modified.getUTCHours(),
    modified.getUTCMinutes(),
    modified.getUTCSeconds(),
  );
  const files: Zippable = {};
  for (const entry of entries) {
    if (entry.name in files) throw new RangeError(`zip entry ${entry.name} is there twice`);
    files[entry.name] = [new Uint8Array(entry.data), { level: 0, mtime }];
  }
  const zip = zipSync(files);
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}
