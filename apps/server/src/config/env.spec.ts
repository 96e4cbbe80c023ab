import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isDeployment, parseConfig } from './env';

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseConfig', () => {
  it('runs on the embedded defaults with an empty environment', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.MQTT_PORT).toBe(1883);
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.MQTT_URL).toBeUndefined();
    expect(config.DEMO).toBeUndefined();
  });

  it('tells a port left at its default from one set explicitly, even to the default value', () => {
    expect(parseConfig({}).defaultPorts).toEqual({ http: true, mqtt: true });
    expect(parseConfig({ PORT: '', MQTT_PORT: '' }).defaultPorts).toEqual({ http: true, mqtt: true });
    expect(parseConfig({ PORT: '8080' }).defaultPorts).toEqual({ http: false, mqtt: true });
    expect(parseConfig({ MQTT_PORT: '1883' }).defaultPorts).toEqual({ http: true, mqtt: false });
  });

  it('names every bad variable at once, with what is wrong', () => {
    const found = problems({ PORT: 'eighty', MQTT_PORT: '70000', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope', DEMO: 'maybe' });
    expect(found).toHaveLength(5);
    expect(found.find((p) => p.startsWith('PORT:'))).toContain('"eighty"');
    expect(found.find((p) => p.startsWith('MQTT_PORT:'))).toBeDefined();
    expect(found.find((p) => p.startsWith('DATABASE_URL:'))).toContain('postgres://');
    expect(found.find((p) => p.startsWith('SMTP_URL:'))).toContain('smtp://');
    expect(found.find((p) => p.startsWith('DEMO:'))).toBeDefined();
  });

  it('never echoes a URL or password back in its messages', () => {
    const found = problems({ DATABASE_URL: 'mysql://u:hunter2@db/x', ADMIN_EMAIL: 'a@b.it', ADMIN_PASSWORD: 'short' });
    expect(found.join('\n')).not.toContain('hunter2');
    expect(found.join('\n')).not.toContain('short');
    expect(found.some((p) => p.startsWith('ADMIN_PASSWORD:'))).toBe(true);
  });

  it('keeps telemetry 90 days and HACCP records 2 years, and refuses less than the law allows', () => {
    expect(parseConfig({})).toMatchObject({ TELEMETRY_RETENTION_DAYS: 90, HACCP_RETENTION_YEARS: 2 });
    expect(parseConfig({ TELEMETRY_RETENTION_DAYS: '30', HACCP_RETENTION_YEARS: '5' })).toMatchObject({
      TELEMETRY_RETENTION_DAYS: 30,
      HACCP_RETENTION_YEARS: 5,
    });
    const found = problems({ TELEMETRY_RETENTION_DAYS: '1', HACCP_RETENTION_YEARS: '1' });
    expect(found.find((p) => p.startsWith('TELEMETRY_RETENTION_DAYS:'))).toContain('at least 2');
    expect(found.find((p) => p.startsWith('HACCP_RETENTION_YEARS:'))).toContain('21 CFR 117.315');
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(problems({ ADMIN_EMAIL: 'admin@example.com' })).toEqual([expect.stringContaining('ADMIN_PASSWORD')]);
  });

  it('reads flags, subscription keys and the brand host mapping', () => {
    const config = parseConfig({
      DEMO: '0',
      SUBSCRIPTION_KEYS: 'washboard-web:abc,washboard-mobile:def',
      BRAND_HOSTS: 'dash.kestrel.example=kestrel,lumina.example=LUMINA',
    });
    expect(config.DEMO).toBe(false);
    expect(config.SUBSCRIPTION_KEYS).toEqual({ 'washboard-web': 'abc', 'washboard-mobile': 'def' });
    expect(config.BRAND_HOSTS).toEqual({ 'dash.kestrel.example': 'KESTREL', 'lumina.example': 'LUMINA' });
    expect(problems({ BRAND_HOSTS: 'x=ACME' })[0]).toMatch(/^BRAND_HOSTS:/);
  });

  it('refuses demo mode in a deployment (an administrator, or production): the demo mailbox would show its reset links', () => {
    const admin = { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Adm1n-secret' };
    expect(problems({ ...admin, DEMO: '1' })).toEqual([expect.stringMatching(/^DEMO: .*ADMIN_EMAIL/)]);
    expect(problems({ ...admin, DEMO: '0' })).toEqual([]);
    // Nor in production, where a reverse proxy on the same host makes every visitor look local.
    expect(problems({ NODE_ENV: 'production', DEMO: '1' })).toEqual([expect.stringMatching(/^DEMO: .*NODE_ENV=production/)]);
    expect(problems({ NODE_ENV: 'production', DEMO: '0' })).toEqual([]);
    expect(isDeployment(parseConfig(admin))).toBe(true);
    expect(isDeployment(parseConfig({ NODE_ENV: 'production' }))).toBe(true);
    expect(isDeployment(parseConfig({ NODE_ENV: 'development' }))).toBe(false);
    expect(isDeployment(parseConfig({}))).toBe(false);
  });

  it('trusts no proxy by default, and takes a hop count or proxy addresses when told', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,loopback,::1' }).TRUST_PROXY).toBe(
      '10.0.0.0/8,192.168.1.4,loopback,::1',
    );
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', '11', '10.0.0.1/8/2']) {
      expect(problems({ TRUST_PROXY: bad })).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
    }
  });
});
