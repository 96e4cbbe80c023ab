import { BRANDS, brandedUrl, type TBrandCode } from '@washboard/contracts';

/** A demo account as the start block prints it. */
export type TDemoAccount = { brand: TBrandCode; email: string; password: string };

/** What the start block tells whoever ran `npm start`. */
export type TStartInfo = {
  /** where the dashboard answers, e.g. http://localhost:8080 */
  url: string;
  /** where machines connect, without credentials */
  mqttUrl: string;
  mqttKind: 'embedded' | 'external';
  /** what the reader must not miss, e.g. a default port that was taken and the one used instead */
  notes?: readonly string[];
  /** the demo's accounts, both brands; undefined when the demo is off */
  demoAccounts?: readonly TDemoAccount[];
};

/**
 * The framed block that ends a start: the dashboard's URL, the MQTT address and — in demo mode — the
 * demo accounts of every brand with their passwords. Plain text on stdout, apart from the JSON log,
 * because it is what a newcomer reads first.
 */
export function startBanner(info: TStartInfo, brandHosts: Record<string, TBrandCode>, defaultBrand: TBrandCode): string {
  const lines: string[] = [
    'Washboard is ready',
    '',
    `Dashboard  ${info.url}`,
    `MQTT       ${info.mqttUrl} (${info.mqttKind} broker)`,
  ];
  if (info.notes && info.notes.length > 0) lines.push('', ...info.notes.map((n) => `NOTE: ${n}`));
  if (info.demoAccounts && info.demoAccounts.length > 0) {
    lines.push(
      '',
      'DEMO MODE: demo accounts, virtual machines (front panels at /demo/machines)',
      'and every mail readable at /dev/mailbox from this machine (every kind of',
      'mail previewed at /dev/mail-preview). Never use this database for real',
      'data; DEMO=0 turns the demo off.',
    );
    const brands = [...new Set(info.demoAccounts.map((a) => a.brand))];
    const width = Math.max(...info.demoAccounts.map((a) => a.email.length));
    for (const brand of brands) {
      lines.push('', `${BRANDS[brand].title}  ${brandedUrl(info.url, brand, brandHosts, defaultBrand)}`);
      for (const account of info.demoAccounts.filter((a) => a.brand === brand)) {
        lines.push(`  ${account.email.padEnd(width)}  ${account.password}`);
      }
    }
  }
  const inner = Math.max(...lines.map((l) => l.length));
  const rule = '═'.repeat(inner + 2);
  return [`╔${rule}╗`, ...lines.map((l) => `║ ${l.padEnd(inner)} ║`), `╚${rule}╝`].join('\n');
}
