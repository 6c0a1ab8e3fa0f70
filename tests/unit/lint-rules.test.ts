import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('layering rules (architecture: rules of the house)', () => {
  it.each([
    ['src/engine/core/x.ts', "import { useState } from 'react';\nexport const a = useState;\n"],
    ['src/engine/core/x.ts', "import { Button } from '@mantine/core';\nexport const a = Button;\n"],
    ['src/domain/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
    ['src/domain/x.ts', "import { sql } from 'drizzle-orm';\nexport const a = sql;\n"],
    ['src/domain/x.ts', "import { buildApp } from '../server/app';\nexport const a = buildApp;\n"],
    // The API contract, which the browser and the server both import, is as pure.
    ['src/contract/x.ts', "import { buildApp } from '../server/app';\nexport const a = buildApp;\n"],
    ['src/contract/x.ts', "import { useQuery } from '@tanstack/react-query';\nexport const a = useQuery;\n"],
    // The engine and the domain stand below the contract (it names their types), even for a type.
    [
      'src/engine/react/x.ts',
      "import type { Review } from '../../contract/studio';\nexport type A = Review;\n",
    ],
    ['src/domain/x.ts', "import type { Review } from '../contract/studio';\nexport type A = Review;\n"],
    ['src/domain/x.ts', "import { useState } from 'react';\nexport const a = useState;\n"],
    // The browser takes the contract's types, not its schemas (TypeBox would come along into the bundle).
    [
      'src/web/features/x/api.ts',
      "import { Review } from '../../../contract/studio';\nexport const a = Review;\n",
    ],
  ])('%s may not import UI or I/O', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['src/engine/core/x.ts', 'export const a = () => window.location.href;\n'],
    ['src/domain/x.ts', 'export const a = () => localStorage.getItem("k");\n'],
    ['src/domain/x.ts', 'export const a = () => fetch("/x");\n'],
  ])('%s may not touch browser globals', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-globals');
  });

  it.each([
    ['src/server/routes/x.ts', "import { main } from '../../cli/catalogue';\nexport const a = main;\n"],
    ['src/web/features/x/y.tsx', "import { main } from '../../../cli/catalogue';\nexport const a = main;\n"],
    [
      'src/web/features/x/y.tsx',
      "import { buildCatalogue } from '../../../catalogue/pipeline';\nexport const a = buildCatalogue;\n",
    ],
    ['src/engine/react/x.ts', "import { buildApp } from '../../server/app';\nexport const a = buildApp;\n"],
  ])('%s may not build on the CLI, nor the browser on Node code', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['src/server/services/x.ts', "import { sql } from 'drizzle-orm';\nexport const a = sql;\n"],
    ['src/server/services/x.ts', "import { wallets } from '../db/schema';\nexport const a = wallets;\n"],
    ['src/server/services/capital/x.ts', "import { eq } from 'drizzle-orm';\nexport const a = eq;\n"],
    ['src/server/routes/x.ts', "import { sql } from 'drizzle-orm';\nexport const a = sql;\n"],
    [
      'src/server/routes/x.ts',
      "import { createWalletRepository } from '../repositories/wallet';\nexport const a = createWalletRepository;\n",
    ],
  ])('%s writes no SQL and skips no floor (routes → services → repositories)', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-imports');
  });

  it('a repository writes SQL, and a service may name the database type', async () => {
    expect(
      await ruleIds(
        'src/server/repositories/x.ts',
        "import { sql } from 'drizzle-orm';\nexport const a = sql;\n",
      ),
    ).not.toContain('no-restricted-imports');
    expect(
      await ruleIds(
        'src/server/services/x.ts',
        "import type { Database } from '../db';\nexport type A = Database;\n",
      ),
    ).not.toContain('no-restricted-imports');
  });

  it('a source file holds at most 500 lines of code (blank lines and comments not counted)', async () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => `export const a${i} = ${i};`).join('\n') + '\n';
    expect(await ruleIds('src/server/services/x.ts', lines(501))).toContain('max-lines');
    expect(await ruleIds('src/web/features/x/y.tsx', lines(501))).toContain('max-lines');
    expect(await ruleIds('src/server/services/x.ts', lines(500))).not.toContain('max-lines');
    // Comments do not count.
    expect(await ruleIds('src/domain/x.ts', `${'// why\n'.repeat(300)}${lines(400)}`)).not.toContain(
      'max-lines',
    );
  });

  it('a function holds at most 150 lines of code, with no exception', async () => {
    const body = (n: number) =>
      `export function f() {\n${Array.from({ length: n }, (_, i) => `  const a${i} = ${i};`).join('\n')}\n  return a0;\n}\n`;
    expect(await ruleIds('src/server/services/x.ts', body(150))).toContain('max-lines-per-function');
    expect(await ruleIds('src/web/features/x/y.tsx', body(150))).toContain('max-lines-per-function');
    expect(await ruleIds('src/server/services/x.ts', body(140))).not.toContain('max-lines-per-function');
  });

  it('a feature may not import another feature', async () => {
    const ids = await ruleIds(
      'src/web/features/disputes/routes/List.tsx',
      "import { AuthHeader } from '../../auth/components/AuthHeader';\nexport const a = AuthHeader;\n",
    );
    expect(ids).toContain('layers/no-cross-feature-imports');
  });

  it('a feature may import its own files, shared components and the domain', async () => {
    const ids = await ruleIds(
      'src/web/features/auth/routes/X.tsx',
      [
        "import { AuthHeader } from '../components/AuthHeader';",
        "import { Logo } from '../../../components/Logo';",
        "import { resolveLanguage } from '../../../../domain/language';",
        'export const a = [AuthHeader, Logo, resolveLanguage];',
        '',
      ].join('\n'),
    );
    expect(ids).toEqual([]);
  });
});
