// The layers of the house as lint zones (issue 36, docs/architecture.md, ADR 0063 and 0071).
// Each zone says: files under `target` may not import from `from` (except the listed
// sub-paths). Paths are relative to the repository root (`layerBasePath`). Test files and test
// harnesses may reach anywhere; product code never reaches into them. The zones are built from
// the folders, so a new web feature or API module is covered without an edit here.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: zones are resolved against it, wherever ESLint runs from. */
export const layerBasePath = join(dirname(fileURLToPath(import.meta.url)), '../..');
const folders = (path) =>
  readdirSync(join(layerBasePath, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// ---- The web app: app → features → components / lib / config ---------------------------

const web = 'apps/web/src';
const webFeatures = folders(`${web}/features`);

/** A feature never imports another feature: what two features share lives in lib or components. */
const featureZones = webFeatures.map((feature) => ({
  target: `./${web}/features/${feature}`,
  from: `./${web}/features`,
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move what they share to lib/ or components/.',
}));

const webZones = [
  ...featureZones,
  {
    target: [`./${web}/components`, `./${web}/lib`, `./${web}/config`],
    from: [`./${web}/features`, `./${web}/app`],
    message:
      'components/, lib/ and config/ are below the features and the app: they import neither.',
  },
  {
    target: `./${web}/features`,
    from: `./${web}/app`,
    message: 'Features are below the app shell: the app imports features, never the other way.',
  },
];

// ---- The API: app.ts / plugins → modules (routes → services → repositories) → lib → db ----

const api = 'apps/api/src';
const apiModules = folders(`${api}/modules`);
const moduleIndexes = apiModules.map((name) => `./${name}/index.ts`);

/** A module uses another only through what that module's index.ts exports. */
const moduleZones = apiModules.map((name) => ({
  target: `./${api}/modules/${name}`,
  from: `./${api}/modules`,
  except: [`./${name}`, ...moduleIndexes.filter((index) => index !== `./${name}/index.ts`)],
  message:
    'A module uses another module only through its index.ts (its plugin, services and ports), never its routes, repositories or other internals.',
}));

const apiZones = [
  ...moduleZones,
  {
    // Everything outside modules/ (app.ts, server.ts, plugins, seed, …) reaches a module
    // through its index too; lib/ and db/ may not reach one at all (below).
    target: [
      `./${api}/app.ts`,
      `./${api}/server.ts`,
      `./${api}/boot.ts`,
      `./${api}/types.ts`,
      `./${api}/seal-secrets.ts`,
      `./${api}/plugins`,
      `./${api}/seed`,
      `./${api}/config`,
    ],
    from: `./${api}/modules`,
    except: moduleIndexes,
    message: 'Outside modules/, a module is imported only through its index.ts.',
  },
  {
    target: `./${api}/modules/**/*.routes.ts`,
    from: [`./${api}/**/*.repository.ts`],
    message: 'A route calls services, never a repository: routes → services → repositories.',
  },
  {
    target: `./${api}/modules/**/*.repository.ts`,
    from: [`./${api}/modules/**/*.routes.ts`, `./${api}/modules/**/*.service.ts`],
    message: 'A repository is the bottom of a module: it imports no service and no route.',
  },
  {
    target: `./${api}/modules`,
    from: [`./${api}/plugins`, `./${api}/app.ts`, `./${api}/server.ts`, `./${api}/seed`],
    message:
      'Modules are below the app and its plugins (and never use the demo seed): move what they share to lib/.',
  },
  {
    target: `./${api}/lib`,
    from: [
      `./${api}/modules`,
      `./${api}/plugins`,
      `./${api}/app.ts`,
      `./${api}/server.ts`,
      `./${api}/seed`,
    ],
    message: 'lib/ is below the modules and plugins: it imports neither.',
  },
  {
    target: `./${api}/db`,
    from: [
      `./${api}/modules`,
      `./${api}/plugins`,
      `./${api}/lib`,
      `./${api}/seed`,
      `./${api}/app.ts`,
      `./${api}/server.ts`,
    ],
    message:
      'db/ holds the drivers and the migrations, the bottom layer: it imports no module, plugin, lib or seed.',
  },
];

// ---- Both apps and the packages: product code never imports test code ------------------

const testZones = [
  ...['api', 'web'].map((app) => ({
    target: `./apps/${app}/src`,
    from: `./apps/${app}/test`,
    message: 'Product code never imports test code (apps/*/test).',
  })),
  {
    target: ['./apps', './packages'],
    from: ['./e2e'],
    message: 'Product code never imports the browser tests (e2e/).',
  },
  {
    target: ['./apps', './packages'],
    from: ['./**/*.test.ts', './**/*.test.tsx'],
    message: 'Product code never imports a test file.',
  },
];

/** The packages are below both apps: the apps import them, never the other way. */
const packageZones = [
  {
    target: './packages',
    from: ['./apps', './e2e'],
    message: 'The packages (contracts, locales) are below both apps: they import neither app.',
  },
];

export const layerZones = [...webZones, ...apiZones, ...testZones, ...packageZones];
