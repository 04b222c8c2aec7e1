import { problemSchema, type Problem } from '@portico/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Sends each of `urls` with `send` (a GET as some caller, or as none) and expects every answer
 * to be `status` in the one error body (ADR 0065: problem JSON carrying that status); a failure
 * names the URL. Answers each problem with its URL, for the test's own checks of `detail`.
 */
export async function expectProblems(
  urls: readonly string[],
  status: number,
  send: (url: string) => Promise<LightMyRequestResponse>,
): Promise<{ url: string; problem: Problem }[]> {
  const problems: { url: string; problem: Problem }[] = [];
  for (const url of urls) {
    const res = await send(url);
    expect(res.statusCode, url).toBe(status);
    const problem = problemSchema.parse(res.json());
    expect(problem.status, url).toBe(status);
    problems.push({ url, problem });
  }
  return problems;
}
