// The web app, built when its sources are newer than the build (or there is no build): `npm start` and
// `npm run cluster` serve dist/web.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');
const sources = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'public',
  'locales',
  'schemas',
  'src/web',
  'src/domain',
  'src/engine',
  // The build's own plugins (compression, the sign-in page drawn into its HTML).
  'src/cli',
];

function newest(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(path.join(entry, name))));
}

export function buildWebIfStale() {
  if (!existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs) {
    console.log('Building the web app…');
    // The module runner loads vite.config.ts as it is: Vite's default loader bundles it and prints some 90 lines
    // about a future loader (Node's own, which needs Node 22 and file extensions on every import).
    const build = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--configLoader',
        'runner',
        '--logLevel',
        'warn',
      ],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
