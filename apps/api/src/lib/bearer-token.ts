/** The token of an `Authorization: Bearer …` header, when it has that form. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header ?? '');
  return match?.[1];
}
