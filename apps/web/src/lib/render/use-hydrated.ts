import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React takes the server's markup over (`hydrateRoot`, ADR 0075) and on the
 * server itself, true in every render after. For parts the server cannot draw (a portal into
 * a node of the browser's own making): they mount right after hydration, so the first render
 * matches the server's markup. A page the app renders alone sees true from the start.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
