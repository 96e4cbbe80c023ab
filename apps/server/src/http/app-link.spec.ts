import { describe, expect, it } from 'vitest';
import { appLink, machineLink } from './app-link';

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
});
