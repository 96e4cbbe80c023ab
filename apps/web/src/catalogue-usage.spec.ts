import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  catalogues,
  CYCLE_TYPES,
  deviceCatalogues,
  NOTIFICATION_PREFERENCES,
  TELEMETRY_FIELDS,
  type TUnitSystemOption,
  ZApplianceDocument,
} from '@washboard/contracts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Every source file of the web app, the server and the contracts, without tests and without the catalogues themselves. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'i18n'].includes(entry.name) ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function leaves(node: unknown, prefix: string): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

const code = ['apps/web/src', 'apps/server/src', 'packages/contracts/src']
  .flatMap((dir) => sources(path.join(root, dir)))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** Keys written out whole, and strings a key is built on (`'register.step4'` for `${prefix}.question`), in quotes. */
const named = new Set([...code.matchAll(/['"`]([A-Za-z]\w*(?:\.[\w-]+)+)['"`]/g)].map((m) => m[1] ?? ''));
/**
 * Keys completed at run time with one segment, by what comes before and after it: `cycles.${cycle}`,
 * `mail.${kind}.subject`, `register.step${step}.title`, `device.documents.pdf.${section}Title`.
 */
const dynamic = [...code.matchAll(/([A-Za-z]\w*(?:\.[\w-]*)*)\$\{[^}]*\}([\w.-]*)/g)].map((m) => ({
  before: m[1] ?? '',
  after: m[2] ?? '',
}));
const completes = (key: string, { before, after }: { before: string; after: string }) =>
  key.length > before.length + after.length &&
  key.startsWith(before) &&
  key.endsWith(after) &&
  !key.slice(before.length, key.length - after.length).includes('.');
/** Keys completed by a helper of one module: the weekly report's `w('failing')` is `mail.weeklyReport.failing`. */
const helpers: readonly (readonly [prefix: string, call: RegExp])[] = [
  ['mail.weeklyReport.', /\bw\('(\w+)'/g],
  ['mail.weeklyReport.', /\buse\('(water|energy)'/g],
];
const helped = new Set(helpers.flatMap(([prefix, call]) => [...code.matchAll(call)].map((m) => `${prefix}${m[1] ?? ''}`)));

/**
 * Dynamic keys whose values are a closed set the contracts declare: a key below such a prefix must
 * name one of them, or nothing can show it (a `cycles.autoClean` beside the cycle types).
 */
const closedSets: Readonly<Record<string, readonly string[]>> = {
  'cycles.': CYCLE_TYPES,
  'device.documents.': [...ZApplianceDocument.shape.type.options, 'none', 'pdf'],
  'admin.audit.actions.': AUDIT_ACTIONS,
  'device.live.': Object.values(TELEMETRY_FIELDS).flatMap((field) => (field.label ? [field.label] : [])),
  'profile.': NOTIFICATION_PREFERENCES,
  'units.': ['metric', 'imperial', 'celsius', 'fahrenheit'] satisfies TUnitSystemOption['label'][],
  // What the weekly report's helper is called with.
  'mail.weeklyReport.': [...helped].map((key) => key.slice('mail.weeklyReport.'.length)),
};

function used(key: string): boolean {
  if (named.has(key) || helped.has(key)) return true;
  const closed = Object.entries(closedSets).find(([prefix]) => key.startsWith(prefix));
  if (closed) {
    const [prefix, values] = closed;
    const rest = key.slice(prefix.length);
    const value = values.find((v) => rest === v || rest.startsWith(`${v}.`));
    if (!value) return false;
    if (rest === value && code.includes(`${prefix}\${`)) return true;
  }
  const onLiteral = [...named].some((n) => key.startsWith(`${n}.`) && !key.slice(n.length + 1).includes('.'));
  return onLiteral || dynamic.some((template) => completes(key, template));
}

describe('the catalogue', () => {
  it('has no key that no screen, mail or document shows', () => {
    const unused = leaves(catalogues.en, '')
      .map((key) => key.replace(/_(one|other)$/, ''))
      .filter((key) => !used(key));
    expect(unused).toEqual([]);
  });

  it('has no device text that nothing shows', () => {
    const unused = leaves(deviceCatalogues.en, '').filter((key) => {
      const section = key.split('.')[0] ?? '';
      // The device texts are read by section: `alarms.${code}`, `parameters.${code}.label`, …
      return !new RegExp(`\\b${section}[.\\[]`).test(code) && !code.includes(`'${section}.`) && !code.includes(`\`${section}.`);
    });
    expect(unused).toEqual([]);
  });
});
