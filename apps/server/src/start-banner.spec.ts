import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner';

const base = { url: 'http://localhost:8081', mqttUrl: 'mqtt://localhost:1884', mqttKind: 'embedded' as const };

describe('the start block', () => {
  it('names the dashboard and the broker actually bound', () => {
    const text = startBanner(base, {}, 'LUMINA');
    expect(text).toContain('http://localhost:8081');
    expect(text).toContain('mqtt://localhost:1884 (embedded broker)');
    expect(text).not.toContain('DEMO');
  });

  it('points out in the frame a default port that was taken', () => {
    const lines = startBanner({ ...base, notes: ['MQTT port 1883 was in use; using 1884'] }, {}, 'LUMINA').split('\n');
    expect(lines.some((l) => /^║ NOTE: MQTT port 1883 was in use; using 1884 +║$/.test(l))).toBe(true);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });

  it('lists the demo accounts of both brands, each under its own address', () => {
    const text = startBanner(
      {
        ...base,
        demoAccounts: [
          { brand: 'LUMINA', email: 'admin@demo.washboard', password: 'Demo-aaaa1A' },
          { brand: 'KESTREL', email: 'kitchen@demo.washboard', password: 'Demo-bbbb1A' },
        ],
      },
      {},
      'LUMINA',
    );
    const lines = text.split('\n');
    const lumina = lines.findIndex((l) => l.includes('Lumina Professional'));
    const kestrel = lines.findIndex((l) => l.includes('Kestrel Wash Systems'));
    expect(lines[lumina]).toContain('http://localhost:8081/ ');
    expect(lines[kestrel]).toContain('http://localhost:8081/?brand=KESTREL');
    expect(lines[lumina + 1]).toMatch(/admin@demo\.washboard\s+Demo-aaaa1A/);
    expect(lines[kestrel + 1]).toMatch(/kitchen@demo\.washboard\s+Demo-bbbb1A/);
  });

  it('draws a closed frame: every line as wide as the others', () => {
    const lines = startBanner(
      { ...base, demoAccounts: [{ brand: 'LUMINA', email: 'a@b.c', password: 'x' }] },
      {},
      'LUMINA',
    ).split('\n');
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
    expect(lines[0]?.startsWith('╔')).toBe(true);
    expect(lines.at(-1)?.startsWith('╚')).toBe(true);
  });
});
