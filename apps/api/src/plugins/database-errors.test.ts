import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../db/db.js';
import { toProblem } from './errors.js';

// ADR 0053: what a lost, restarting or full database throws is a retryable 503 with a JSON
// message; a wrong statement stays a 500 whose detail is only logged.
const unavailable = {
  type: 'about:blank',
  status: 503,
  title: 'Service Unavailable',
  detail: 'The database is not reachable right now. Please try again in a moment.',
};
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('database errors as the caller sees them', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'a terminated backend',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a lost connection (class 08)', withCode('connection failure', '08006')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    // What PGlite answered when its files could not grow (measured on a full tmpfs, ADR 0053).
    [
      'a full disk',
      withCode('could not extend file "base/5/16384": No space left on device', '53100'),
    ],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['the wrapped error', new DatabaseUnavailableError()],
  ])('answers %s with 503', (_what, error) => {
    expect(toProblem(error)).toEqual(unavailable);
  });

  it('keeps a wrong statement a 500 without detail', () => {
    expect(toProblem(withCode('relation "nope" does not exist', '42P01'))).toMatchObject({
      status: 500,
    });
  });
});
