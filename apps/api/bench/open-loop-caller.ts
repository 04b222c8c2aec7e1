// An API caller for the benches, run on a worker thread of its own (outside the server's
// event loop, as a real caller is): GET `path` at a fixed rate, open loop, each request timed
// from its scheduled start. The parent posts phases and reads back each phase's result;
// 'stop' ends the thread. When the caller shared the server's thread, each of its own steps
// (the timer, the send, reading the answer) queued behind the server's work too.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

/** A phase to run: `rate` requests per second for `seconds`. */
export interface CallerPhase {
  rate: number;
  seconds: number;
}

export interface CallerResult {
  latencies: number[];
  errors: number;
}

/** Answers the parent's phases from this worker thread until it says 'stop'. */
export function serveOpenLoopCaller(target: {
  port: number;
  authorization: string;
  path: string;
  /** A request still unanswered after this counts as an error. */
  timeoutMs: number;
}): void {
  const agent = new Agent({ keepAlive: true });
  const timed = (): Promise<boolean> =>
    new Promise((resolve) => {
      const req = request(
        {
          agent,
          host: '127.0.0.1',
          port: target.port,
          path: target.path,
          headers: { authorization: target.authorization },
          timeout: target.timeoutMs,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200));
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(false));
      req.end();
    });
  const run = async ({ rate, seconds }: CallerPhase): Promise<CallerResult> => {
    const result: CallerResult = { latencies: [], errors: 0 };
    const interval = 1000 / rate;
    const pending: Promise<void>[] = [];
    const t0 = performance.now();
    for (let i = 0; i < rate * seconds; i += 1) {
      const scheduled = t0 + i * interval;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(
        timed().then((ok) => {
          if (ok) result.latencies.push(performance.now() - scheduled);
          else result.errors += 1;
        }),
      );
    }
    await Promise.all(pending);
    return result;
  };
  parentPort?.on('message', (phase: CallerPhase | 'stop') => {
    if (phase === 'stop') {
      agent.destroy();
      parentPort?.close();
      return;
    }
    void run(phase).then((result) => parentPort?.postMessage(result));
  });
}
