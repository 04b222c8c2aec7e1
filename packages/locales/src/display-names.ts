/**
 * Every officially assigned ISO 3166-1 alpha-2 code (249), for the country pickers (issue 27).
 * Intl can name a region but cannot list them, so the list is data; the names come from
 * Intl.DisplayNames in the reader's language.
 */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW`
  .trim()
  .split(/\s+/);

/** The countries as a reader of `locale` names them, sorted the way that reader sorts. */
export function countryNames(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/**
 * A time zone as a reader of `locale` names it, with its place: "Mitteleuropäische Zeit
 * (Berlin)". The generic long name (a picker has no summer or winter); the place is the IANA
 * name's last part. UTC and the Etc/ zones have no place and take the plain long name
 * ("Koordinierte Weltzeit"); a zone Intl cannot name keeps its id. Starts with a capital, as
 * an entry of a list does.
 */
export function timeZoneName(zone: string, locale: string): string {
  const placeless = zone === 'UTC' || zone.startsWith('Etc/') || !zone.includes('/');
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      timeZoneName: placeless ? 'long' : 'longGeneric',
    })
      .formatToParts(new Date(Date.UTC(2026, 0, 15)))
      .find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return zone;
  }
  if (!name) return zone;
  const capitalised = name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  if (placeless) return capitalised;
  const place = (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
  return `${capitalised} (${place})`;
}

/** A language's name as the language writes itself, capitalised: "Español", "Norsk", "Polski". */
export function languageAutonym(code: string): string {
  const locale = code === 'no' ? 'nb' : code;
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language' }).of(code);
  } catch {
    return code;
  }
  if (!name) return code;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
