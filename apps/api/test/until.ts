/**
 * Waits until `check` holds, asking every 20 ms; fails naming `what` once `withinMs` have
 * passed. For what arrives asynchronously: change notifications, a listener coming back.
 */
export async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  withinMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
