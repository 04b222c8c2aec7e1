import type { Queryable } from '../../db/db.js';

/**
 * Unsubscribe scopes of other modules' mail (issue 38: a saved search's e-mail). The one-click
 * unsubscribe (ADR 0031) verifies the token here; what a scope turns off belongs to the module
 * that sends that mail, which registers it through this module's index (no import back).
 */
export interface UnsubscribeScope {
  /** Matches the token's scope; group 1 is what `unsubscribe` gets. */
  pattern: RegExp;
  /** The text key naming it on the unsubscribe page. */
  nameKey: string;
  unsubscribe(db: Queryable, userId: string, id: string): Promise<void>;
}

const registered: UnsubscribeScope[] = [];

export function registerUnsubscribeScope(scope: UnsubscribeScope): void {
  if (!registered.some((r) => r.pattern.source === scope.pattern.source)) registered.push(scope);
}

/** The registered scope a token's scope is of, with its id; undefined for this module's own. */
export function otherScope(scope: string): { scope: UnsubscribeScope; id: string } | undefined {
  for (const candidate of registered) {
    const id = candidate.pattern.exec(scope)?.[1];
    if (id !== undefined) return { scope: candidate, id };
  }
  return undefined;
}
