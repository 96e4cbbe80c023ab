import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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
/** The catalogues themselves: what they define is not a use. */
const CATALOGUE_FILE = /packages\/contracts\/src\/i18n\/(?:device\/)?(?:it|en|fr|de|es)\.ts$/;

/** Every source file of the web app, the server and the contracts, without tests and the catalogues. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) && !CATALOGUE_FILE.test(file) ? [file] : [];
  });
}

function leaves(node: unknown, prefix: string): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

const KEY = /^[A-Za-z]\w*(?:\.[\w-]+)+$/;
/** Keys written out whole, and strings a key is built on (`'register.step4'` for `${prefix}.question`). */
const named = new Set<string>();
/**
 * Keys completed at run time with one segment, by what comes before and after it: `cycles.${cycle}`,
 * `mail.${kind}.subject`, `register.step${step}.title`, `device.documents.pdf.${section}Title`.
 */
const dynamic: { before: string; after: string }[] = [];
/** Keys completed by a helper of one module: the weekly report's `w('failing')` is `mail.weeklyReport.failing`. */
const helpers: Readonly<Record<string, string>> = { w: 'mail.weeklyReport.', use: 'mail.weeklyReport.' };
const helped = new Set<string>();

/**
 * What the code says, read with the TypeScript parser: string literals and template literals in
 * expressions only — not comments, not types (`service.${string}` names no key).
 */
function read(file: string): void {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node)) return;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && KEY.test(node.text)) named.add(node.text);
    if (ts.isTemplateExpression(node)) {
      const pieces = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      for (let i = 0; i + 1 < pieces.length; i += 1) {
        const before = /([A-Za-z]\w*(?:\.[\w-]*)*)$/.exec(pieces[i] ?? '')?.[1];
        if (before) dynamic.push({ before, after: /^[\w.-]*/.exec(pieces[i + 1] ?? '')?.[0] ?? '' });
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in helpers) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteral(first)) helped.add(`${helpers[node.expression.text] ?? ''}${first.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const dir of ['apps/web/src', 'apps/server/src', 'packages/contracts/src']) sources(path.join(root, dir)).forEach(read);

const completes = (key: string, { before, after }: { before: string; after: string }) =>
  key.length > before.length + after.length &&
  key.startsWith(before) &&
  key.endsWith(after) &&
  !key.slice(before.length, key.length - after.length).includes('.');

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
    if (rest === value && dynamic.some((template) => template.before === prefix)) return true;
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
    // The device texts are read by section (`alarms.${code}`, `parameters.${code}.label`, and on the
    // server as properties: `deviceCatalogues[lang].alarms[code]`); a unit's name only when named.
    const code = ['apps/web/src', 'apps/server/src', 'packages/contracts/src']
      .flatMap((dir) => sources(path.join(root, dir)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = leaves(deviceCatalogues.en, '').filter((key) => {
      const section = key.split('.')[0] ?? '';
      if (section === 'units') return !named.has(key);
      return !new RegExp(`\\b${section}[.\\[]`).test(code) && !code.includes(`'${section}.`) && !code.includes(`\`${section}.`);
    });
    expect(unused).toEqual([]);
  });
});
