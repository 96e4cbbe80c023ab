import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogues } from '@washboard/contracts';

const apps = fileURLToPath(new URL('../../../', import.meta.url));

/** Every source file of the web app and the server, without tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.spec.ts') ? [file] : [];
  });
}

function leaves(node: unknown, prefix: string): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, `${prefix}.${key}`));
}

describe("the companion's catalogue keys (mobile.*)", () => {
  it('are each shown by a screen (or named by the server), none kept for screens that do not exist', () => {
    const code = [...sources(path.join(apps, 'web/src')), ...sources(path.join(apps, 'server/src'))]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const named = new Set(code.match(/mobile(\.\w+)+/g));
    // `mobile.nav.${label}`: any key one level below.
    const dynamic = [...code.matchAll(/(mobile(?:\.\w+)*\.)\$\{/g)].map((m) => m[1] ?? '');
    const unused = leaves(catalogues.en.mobile, 'mobile')
      .map((key) => key.replace(/_(one|other)$/, ''))
      .filter((key) => !named.has(key) && !dynamic.some((p) => key.startsWith(p) && !key.slice(p.length).includes('.')));
    expect(unused).toEqual([]);
  });
});
