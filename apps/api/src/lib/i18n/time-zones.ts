import { createRequire } from 'node:module';
import { z } from 'zod';

/**
 * Time-zone names as IANA writes them today (issue 37, ADR 0069). The platform's ICU still
 * names zones by CLDR's stable ids, which keep the old spellings (Asia/Calcutta, Europe/Kiev,
 * America/Godthab, Asia/Saigon …): Intl.supportedValuesOf lists those, and resolvedOptions()
 * turns Asia/Kolkata back into Asia/Calcutta. CLDR's own time-zone table (cldr-bcp47, the
 * Unicode Consortium's data) lists every alias of a zone and, where it differs, its current
 * IANA name: from it, every name Intl accepts maps to the one we show and store.
 */
const cldrTimeZonesSchema = z.object({
  keyword: z.object({
    u: z.object({
      tz: z.record(
        z.string(),
        z.union([
          z.string(),
          z.object({ _alias: z.string().optional(), _iana: z.string().optional() }),
        ]),
      ),
    }),
  }),
});

function loadCanonicalNames(): ReadonlyMap<string, string> {
  const data = cldrTimeZonesSchema.parse(
    createRequire(import.meta.url)('cldr-bcp47/bcp47/timezone.json'),
  );
  const canonical = new Map<string, string>();
  for (const entry of Object.values(data.keyword.u.tz)) {
    if (typeof entry === 'string' || !entry._alias) continue;
    const aliases = entry._alias.split(' ');
    // Without _iana, CLDR's first alias is the IANA name too.
    const current = entry._iana ?? aliases[0];
    if (current === undefined) continue;
    for (const alias of aliases) canonical.set(alias, current);
  }
  return canonical;
}

let canonicalNames: ReadonlyMap<string, string> | undefined;

/**
 * The current IANA name of a zone (Asia/Calcutta → Asia/Kolkata, US/Eastern →
 * America/New_York, Etc/UTC → UTC); a name CLDR does not know stays as it is.
 */
export function canonicalTimeZone(zone: string): string {
  canonicalNames ??= loadCanonicalNames();
  if (zone === 'UTC' || zone === 'Etc/UTC' || zone === 'Etc/GMT' || zone === 'GMT') return 'UTC';
  return canonicalNames.get(zone) ?? zone;
}

let zoneIds: readonly string[] | undefined;

/** Every zone the platform knows, by its current name, once each, sorted, with UTC. */
export function timeZoneIds(): readonly string[] {
  zoneIds ??= [
    ...new Set([...Intl.supportedValuesOf('timeZone').map(canonicalTimeZone), 'UTC']),
  ].sort();
  return zoneIds;
}
