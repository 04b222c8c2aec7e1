import { create } from 'zustand';

/** How many HTTP requests are in flight; the loading indicator is on while any is (§4). */
export const usePendingRequestStore = create<{ count: number }>()(() => ({ count: 0 }));

/** Marks a request as started; call the returned function (once) when it has settled. */
export function beginRequest(): () => void {
  usePendingRequestStore.setState((s) => ({ count: s.count + 1 }));
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    usePendingRequestStore.setState((s) => ({ count: Math.max(0, s.count - 1) }));
  };
}

/** True while any request is pending. */
export function usePendingRequests(): boolean {
  return usePendingRequestStore((s) => s.count > 0);
}
