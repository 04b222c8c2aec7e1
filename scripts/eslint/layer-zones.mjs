// The layers of the house as lint zones (issue 36, docs/architecture.md). Each zone says: files
// under `target` may not import from `from` (except the listed sub-paths). Test files and test
// harnesses may reach anywhere; product code never reaches into them.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const web = 'apps/web/src';
const folders = (path) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = folders(`${web}/features`);

/** A feature never imports another feature: what two features share lives in lib or components. */
const featureZones = webFeatures.map((feature) => ({
  target: `./${web}/features/${feature}`,
  from: `./${web}/features`,
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move what they share to lib/ or components/.',
}));

/** Product code never imports test code: harnesses and fixtures live in each app's test/. */
const testZones = ['api', 'web'].map((app) => ({
  target: `./apps/${app}/src`,
  from: `./apps/${app}/test`,
  message: 'Product code never imports test code (apps/*/test).',
}));

export const layerZones = [
  ...featureZones,
  ...testZones,
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
