import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

/**
 * What a client of /api/openapi.json runs on the document (issue 27, ADR 0048): Redocly's
 * linter with its `recommended` rules, and openapi-typescript's generator whose output is
 * type-checked with the repository's own compiler settings. Offline and deterministic: a
 * temporary folder, no telemetry, no update check.
 */

const require = createRequire(import.meta.url);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A temporary folder for `use`, removed afterwards. */
async function inTempDir<T>(prefix: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface RedoclyProblem {
  ruleId: string;
  severity: string;
  message: string;
  location?: { pointer?: string }[];
}

/** Redocly's JSON report (`--format json`), the part this check reads. */
function isRedoclyReport(value: unknown): value is { problems: RedoclyProblem[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'problems' in value &&
    Array.isArray(value.problems)
  );
}

/**
 * `redocly lint` with the `recommended` ruleset over `document`: every problem, error or
 * warning, as "severity rule-id: message (at JSON pointer)". Empty means clean.
 */
export async function redoclyLint(document: unknown): Promise<string[]> {
  const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  return inTempDir('portico-redocly-', async (dir) => {
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(document));
    // An explicit config, so no redocly.yaml elsewhere changes the rules.
    await writeFile(join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [cli, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'],
        {
          cwd: dir,
          maxBuffer: 32 * 1024 * 1024,
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: 'off',
            REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
            REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
          },
        },
        // Exit code 1 just means errors were found: the report says which.
        (error, out, stderr) =>
          out.trim().startsWith('{')
            ? resolve(out)
            : reject(new Error(`redocly lint failed: ${error?.message ?? ''}\n${stderr}`)),
      );
    });
    const report: unknown = JSON.parse(stdout);
    if (!isRedoclyReport(report)) throw new Error(`redocly lint: unexpected report ${stdout}`);
    return report.problems.map(
      ({ severity, ruleId, message, location }) =>
        `${severity} ${ruleId}: ${message} (at ${location?.[0]?.pointer ?? '?'})`,
    );
  });
}

/**
 * Generates TypeScript types from `document` with openapi-typescript (as a client's build
 * would, into `portico-api.ts`), then type-checks `callerSource` (a module importing
 * `./portico-api.js`) against them with tsconfig.base.json's settings. Returns the
 * compiler's diagnostics, formatted; empty means the call type-checks.
 */
export async function typeCheckGeneratedClient(
  document: unknown,
  callerSource: string,
): Promise<string[]> {
  // As JSON text, the way a client's build reads the downloaded document.
  const types = astToString(await openapiTS(JSON.stringify(document)));
  return inTempDir('portico-client-', async (dir) => {
    // A .ts file (it holds only types), so skipLibCheck leaves it checked.
    await writeFile(join(dir, 'portico-api.ts'), types);
    const caller = join(dir, 'caller.ts');
    await writeFile(caller, callerSource);

    const base = ts.readConfigFile(join(repoRoot, 'tsconfig.base.json'), (path) =>
      ts.sys.readFile(path),
    );
    const { options } = ts.parseJsonConfigFileContent(base.config, ts.sys, dir);
    const program = ts.createProgram([caller], { ...options, noEmit: true });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    return diagnostics.map((diagnostic) =>
      ts.formatDiagnostic(diagnostic, {
        getCanonicalFileName: (name) => name,
        getCurrentDirectory: () => dir,
        getNewLine: () => '\n',
      }),
    );
  });
}
