import { describe, expect, it } from 'vitest';
import { appLink, brandedLink, machineLink } from './app-link';
import { verificationUrl } from '../haccp/haccp.service';

describe('links to the dashboard', () => {
  it('are the same whether PUBLIC_URL ends with a slash or not', () => {
    for (const publicUrl of ['https://dash.example.test', 'https://dash.example.test/']) {
      expect(machineLink(publicUrl, 'WB 0001/A')).toBe('https://dash.example.test/device/WB%200001%2FA');
      expect(appLink(publicUrl, '/app/service/pin-reset?token=abc')).toBe(
        'https://dash.example.test/app/service/pin-reset?token=abc',
      );
      expect(machineLink(publicUrl, 'WB1', '/haccp/verification?startDate=2026-11-01&stopDate=2026-11-30')).toBe(
        'https://dash.example.test/device/WB1/haccp/verification?startDate=2026-11-01&stopDate=2026-11-30',
      );
    }
  });

  it("carry the reader's brand when the address would show another, as the dashboard's shared links do", () => {
    const hosts = { brandHosts: { 'wash.kestrel.test': 'KESTREL' as const }, defaultBrand: 'LUMINA' as const };
    const link = 'http://localhost:8080/device/K1';
    expect(brandedLink(link, 'KESTREL', hosts)).toBe('http://localhost:8080/device/K1?brand=KESTREL');
    expect(brandedLink(link, 'LUMINA', hosts)).toBe(link);
    expect(brandedLink('https://wash.kestrel.test/device/K1', 'KESTREL', hosts)).toBe('https://wash.kestrel.test/device/K1');
    expect(brandedLink('https://wash.kestrel.test/device/L1', 'LUMINA', hosts)).toBe(
      'https://wash.kestrel.test/device/L1?brand=LUMINA',
    );
    // The HACCP reports' QR code: a Kestrel machine's leads to the Kestrel dashboard.
    const from = new Date('2026-12-03T00:00:00Z');
    const to = new Date('2026-12-04T23:59:59Z');
    expect(verificationUrl('http://localhost:8080', hosts, { serialNumber: 'KDEMO0003', brand: 'KESTREL' }, from, to)).toBe(
      'http://localhost:8080/device/KDEMO0003/haccp/verification?startDate=2026-12-03&stopDate=2026-12-04&brand=KESTREL',
    );
    expect(verificationUrl('http://localhost:8080', hosts, { serialNumber: 'DEMO0003', brand: 'LUMINA' }, from, to)).toBe(
      'http://localhost:8080/device/DEMO0003/haccp/verification?startDate=2026-12-03&stopDate=2026-12-04',
    );
  });
});
