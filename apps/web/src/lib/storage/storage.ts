/**
 * Small wrappers over Web Storage that never throw: storage can be disabled (privacy modes,
 * blocked cookies, sandboxed frames) or full, and the portal must keep working without it.
 * Every failure behaves like an empty storage.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** Parses a stored JSON value; null when missing or not valid JSON. */
  getJson<T>(key: string, guard: (value: unknown) => value is T): T | null;
  setJson(key: string, value: unknown): void;
}

function safeStorage(pick: () => Storage): SafeStorage {
  const api: SafeStorage = {
    get(key) {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        pick().setItem(key, value);
      } catch {
        // Disabled or full storage: the value simply is not kept.
      }
    },
    remove(key) {
      try {
        pick().removeItem(key);
      } catch {
        // Nothing to remove from a storage we cannot reach.
      }
    },
    getJson<T>(key: string, guard: (value: unknown) => value is T): T | null {
      const raw = api.get(key);
      if (raw === null) return null;
      try {
        const value: unknown = JSON.parse(raw);
        return guard(value) ? value : null;
      } catch {
        return null;
      }
    },
    setJson(key, value) {
      api.set(key, JSON.stringify(value));
    },
  };
  return api;
}

/** window.localStorage, failure-proof. */
export const local = safeStorage(() => window.localStorage);
/** window.sessionStorage, failure-proof. */
export const session = safeStorage(() => window.sessionStorage);
