// The signed-in caller of `npm run bench:signin`, on a thread of its own: GET /api/news at a
// fixed rate, open loop, timed from each request's scheduled start. Like the attacker, it runs
// outside the server's event loop, as a real API caller would: when it shared the server's
// thread, each of its own steps (the timer, the send, reading the answer) queued behind the
// server's work too, and the bench charged a busy loop up to three times per request.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

export interface CallerData {
  port: number;
  authorization: string;
}

/** A phase to run: `rate` requests per second for `seconds`. */
export interface CallerPhase {
  rate: number;
  seconds: number;
}

export interface CallerResult {
  latencies: number[];
  errors: number;
}

const REQUEST_TIMEOUT_MS = 120_000;
const data = workerData as CallerData;
const agent = new Agent({ keepAlive: true });

function timedNews(): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port: data.port,
        path: '/api/news',
        headers: { authorization: data.authorization },
        timeout: REQUEST_TIMEOUT_MS,
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
}

async function run({ rate, seconds }: CallerPhase): Promise<CallerResult> {
  const result: CallerResult = { latencies: [], errors: 0 };
  const interval = 1000 / rate;
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < rate * seconds; i += 1) {
    const scheduled = t0 + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      timedNews().then((ok) => {
        if (ok) result.latencies.push(performance.now() - scheduled);
        else result.errors += 1;
      }),
    );
  }
  await Promise.all(pending);
  return result;
}

parentPort?.on('message', (phase: CallerPhase | 'stop') => {
  if (phase === 'stop') {
    agent.destroy();
    parentPort?.close();
    return;
  }
  void run(phase).then((result) => parentPort?.postMessage(result));
});
