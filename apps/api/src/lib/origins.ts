/** The origin (scheme://host[:port]) of an absolute http(s) address; undefined for paths. */
export function originOf(address: string | undefined): string | undefined {
  if (!address || !/^https?:\/\//i.test(address)) return undefined;
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}
