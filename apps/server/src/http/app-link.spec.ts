import { describe, expect, it } from 'vitest';
import { appLink, machineLink, type TLinkBase } from './app-link';
import { verificationUrl } from '../haccp/haccp.service';

const hosts = { brandHosts: { 'wash.kestrel.test': 'KESTREL' as const }, defaultBrand: 'LUMINA' as const };

describe('links to the dashboard', () => {
  it('are the same whether PUBLIC_URL ends with a slash or not', () => {
    for (const publicUrl of ['https://dash.example.test', 'https://dash.example.test/']) {
      const base: TLinkBase = { publicUrl, ...hosts };
      expect(machineLink(base, 'LUMINA', 'WB 0001/A')).toBe('https://dash.example.test/device/WB%200001%2FA');
      expect(appLink(base, 'LUMINA', '/app/service/pin-reset?token=abc')).toBe(
        'https://dash.example.test/app/service/pin-reset?token=abc',
      );
      expect(machineLink(base, 'LUMINA', 'WB1', '/haccp/verification?startDate=2026-11-01&stopDate=2026-11-30')).toBe(
        'https://dash.example.test/device/WB1/haccp/verification?startDate=2026-11-01&stopDate=2026-11-30',
      );
    }
  });

  it("carry the reader's brand when the address would show another, as the dashboard's shared links do", () => {
    // One host for both brands (no BRAND_HOSTS): the brand travels in the query.
    const single: TLinkBase = { publicUrl: 'http://localhost:8080', brandHosts: {}, defaultBrand: 'LUMINA' };
    expect(machineLink(single, 'KESTREL', 'K1')).toBe('http://localhost:8080/device/K1?brand=KESTREL');
    expect(machineLink(single, 'LUMINA', 'L1')).toBe('http://localhost:8080/device/L1');
    const kestrelHost: TLinkBase = { publicUrl: 'https://wash.kestrel.test/', ...hosts };
    expect(machineLink(kestrelHost, 'KESTREL', 'K1')).toBe('https://wash.kestrel.test/device/K1');
    expect(appLink(kestrelHost, 'LUMINA', '/login')).toBe('https://wash.kestrel.test/login?brand=LUMINA');
    // A host of its own for each brand: every reader is sent to theirs.
    const twoHosts: TLinkBase = {
      publicUrl: 'https://wash.lumina.test',
      brandHosts: { 'wash.lumina.test': 'LUMINA', 'wash.kestrel.test': 'KESTREL' },
      defaultBrand: 'LUMINA',
    };
    expect(machineLink(twoHosts, 'KESTREL', 'K1')).toBe('https://wash.kestrel.test/device/K1');
    expect(machineLink(twoHosts, 'LUMINA', 'L1')).toBe('https://wash.lumina.test/device/L1');
    // The HACCP reports' QR code: a Kestrel machine's leads to the Kestrel dashboard.
    const from = new Date('2026-12-03T00:00:00Z');
    const to = new Date('2026-12-04T23:59:59Z');
    expect(verificationUrl(single, { serialNumber: 'KDEMO0003', brand: 'KESTREL' }, from, to)).toBe(
      'http://localhost:8080/device/KDEMO0003/haccp/verification?startDate=2026-12-03&stopDate=2026-12-04&brand=KESTREL',
    );
    expect(verificationUrl(single, { serialNumber: 'DEMO0003', brand: 'LUMINA' }, from, to)).toBe(
      'http://localhost:8080/device/DEMO0003/haccp/verification?startDate=2026-12-03&stopDate=2026-12-04',
    );
  });
});
