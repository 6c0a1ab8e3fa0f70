/**
 * A build ships React's production build whatever NODE_ENV the shell has (`npm start` under
 * NODE_ENV=development sent the development build: 218 KiB gzip on the sign-in page instead of 158), and the
 * bundle report knows a development build when it sees one.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, resolveConfig } from 'vite';
import { findReactDevelopment } from '../../src/cli/bundleReport';

const before = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = before;
});

describe('the production build', () => {
  it.each(['development', 'test', 'production'])(
    'is what `vite build` makes under NODE_ENV=%s',
    async (env) => {
      process.env.NODE_ENV = env;
      const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build');
      expect(config.isProduction).toBe(true);
    },
  );

  it('the dev server keeps the development build', async () => {
    delete process.env.NODE_ENV;
    const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'serve');
    expect(config.isProduction).toBe(false);
  });

  it('the bundle report finds React’s development build, and not its production one', () => {
    const development = readFileSync('node_modules/react-dom/cjs/react-dom-client.development.js', 'utf8');
    const production = readFileSync('node_modules/react-dom/cjs/react-dom-client.production.js', 'utf8');
    expect(findReactDevelopment({ 'assets/dev.js': development, 'assets/prod.js': production })).toEqual([
      'assets/dev.js',
    ]);
  });

  it('loads vite.config.ts with the module runner everywhere, so `npm start` prints no 90-line loader warning', async () => {
    const warned = (configLoader: 'bundle' | 'runner') => {
      const logger = createLogger('warn', { allowClearScreen: false });
      const warnings: string[] = [];
      logger.warn = (message) => void warnings.push(message);
      logger.warnOnce = logger.warn;
      return resolveConfig(
        { configFile: 'vite.config.ts', configLoader, customLogger: logger },
        'build',
      ).then(() => warnings.join('\n'));
    };
    // Vite's default loader bundles the config and warns about every extensionless import it meets.
    expect(await warned('bundle')).toMatch(/configLoader: 'native'/);
    expect(await warned('runner')).toBe('');
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    for (const [name, script] of Object.entries(scripts))
      for (const call of script.match(/\bvite build[^&]*/g) ?? [])
        expect([name, call]).toEqual([name, expect.stringContaining('--configLoader runner')]);
    for (const file of ['scripts/buildWeb.mjs', 'scripts/dev.mjs'])
      expect([file, readFileSync(file, 'utf8')]).toEqual([
        file,
        expect.stringMatching(/'--configLoader',\s*'runner'/),
      ]);
  });
});
