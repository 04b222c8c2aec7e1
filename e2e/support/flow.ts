// A long browser flow in named steps. Vitest's own timeout says only "timed out"; a flow that
// stalls fails before it with the step it stalled in and the time each step began, so a CI
// log that shows just the failure still says where to look.

export type Step = (name: string) => void;

export async function flow(limitMs: number, body: (step: Step) => Promise<void>): Promise<void> {
  const started = Date.now();
  const steps: string[] = [];
  const step: Step = (name) => {
    steps.push(`${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(
        new Error(
          `the flow stalled: ${limitMs / 1000} s passed in step ${steps.at(-1) ?? 'before the first step'}; ` +
            `steps began: ${steps.join(', ')}`,
        ),
      );
    }, limitMs);
  });
  try {
    await Promise.race([body(step), stalled]);
  } finally {
    clearTimeout(timer);
  }
}
