// Import circles of the product code, type-only imports included (issue 36: "zero import
// circles"). import-x/no-cycle in eslint.config.mjs fails on circles of run-time imports;
// this finds every circle a reader would see, `import type` and `export … from` too.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts'))
      files.push(path);
  }
  return files;
}

/** A relative specifier as written ('./x.js') to the source file it names, if it is one. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [
    `${stem}.ts`,
    `${stem}.tsx`,
    base,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/**
 * The circles among the non-test sources under `roots` (paths relative to `base`): each
 * circle as the sorted list of its files, relative to `base`. Tarjan's strongly connected
 * components; a component of two or more files (or a file importing itself) is a circle.
 */
export function importCircles(base, roots) {
  const files = roots.flatMap((root) => sourceFiles(join(base, root)));
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((ref) => resolveImport(file, ref.fileName))
        .filter((target) => target !== undefined && known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );

  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file), index.get(next)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (edges.get(file) ?? []).includes(file))
      circles.push(component.map((path) => relative(base, path)).sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}
