import { describe, expect, it } from 'vitest';
import { localLinkName, serialFromLocalLinkName } from './local-link';
import { LINK_REQUEST_SCHEMAS, ZWifiCredentials } from './local-link.schema';

const id = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

describe('the advertised name', () => {
  it('is WB- and the serial number, and gives the serial number back', () => {
    expect(localLinkName('SN1234')).toBe('WB-SN1234');
    expect(serialFromLocalLinkName('WB-SN1234')).toBe('SN1234');
    expect(serialFromLocalLinkName('WB-a/b+c')).toBeUndefined();
    expect(serialFromLocalLinkName('Headphones')).toBeUndefined();
  });
});

describe('wifi-credentials', () => {
  it('takes a WPA passphrase of 8–63 characters or a 64-digit key, and none for an open network', () => {
    expect(ZWifiCredentials.safeParse({ id, ssid: 'Cucina', security: 'wpa2-psk', password: 'hunter2hunter2' }).success).toBe(
      true,
    );
    expect(ZWifiCredentials.safeParse({ id, ssid: 'Cucina', security: 'wpa3-sae', password: 'a'.repeat(64) }).success).toBe(true);
    expect(ZWifiCredentials.safeParse({ id, ssid: 'Ospiti', security: 'open' }).success).toBe(true);
    expect(ZWifiCredentials.safeParse({ id, ssid: 'Cucina', security: 'wpa2-psk', password: 'short' }).success).toBe(false);
    expect(ZWifiCredentials.safeParse({ id, ssid: 'Ospiti', security: 'open', password: 'hunter2hunter2' }).success).toBe(false);
  });

  it('counts the SSID in bytes, as Wi-Fi does', () => {
    expect(ZWifiCredentials.safeParse({ id, ssid: 'é'.repeat(16), security: 'open' }).success).toBe(true);
    expect(ZWifiCredentials.safeParse({ id, ssid: 'é'.repeat(17), security: 'open' }).success).toBe(false);
  });
});

describe('session/open', () => {
  it('takes six digits only', () => {
    expect(LINK_REQUEST_SCHEMAS['session/open'].safeParse({ id, code: '012345' }).success).toBe(true);
    expect(LINK_REQUEST_SCHEMAS['session/open'].safeParse({ id, code: '12345' }).success).toBe(false);
    expect(LINK_REQUEST_SCHEMAS['session/open'].safeParse({ id, code: '12345a' }).success).toBe(false);
  });
});
