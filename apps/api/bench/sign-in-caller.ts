// The signed-in caller of `npm run bench:signin`, on a thread of its own: GET /api/news at a
// fixed rate, open loop, timed from each request's scheduled start. Like the attacker, it runs
// outside the server's event loop, as a real API caller would.
import { workerData } from 'node:worker_threads';
import { serveOpenLoopCaller } from './open-loop-caller.js';

export type { CallerPhase, CallerResult } from './open-loop-caller.js';

export interface CallerData {
  port: number;
  authorization: string;
}

const data = workerData as CallerData;
serveOpenLoopCaller({ ...data, path: '/api/news', timeoutMs: 120_000 });
