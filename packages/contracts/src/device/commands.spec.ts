import { describe, expect, it } from 'vitest';
import { allowedOverLink, COMMAND_NAMES, commandRequest, mayCommand, needsServiceSession } from './commands';
import { commandRoutes, ZCommand, ZInstallRequest, type TCommandCall } from './commands.schema';

/** One call of every command, as the web writes it. */
const CALLS: TCommandCall[] = [
  { name: 'cycle-start', args: { cycleType: 'eco' } },
  { name: 'cycle-stop', args: {} },
  { name: 'switch-shutdown', args: { operationSet: 'night' } },
  { name: 'switch-shutdown', args: {} },
  { name: 'params-set', args: { values: { S25: 3 } } },
  { name: 'restore-presets', args: {} },
  { name: 'fota-start', args: { version: '2.4.0' } },
  { name: 'expose-claiming-code', args: {} },
  { name: 'run-live', args: { seconds: 60 } },
  { name: 'tank-replace', args: { tank: 'rinseAid' } },
  { name: 'alarm-reset', args: {} },
  { name: 'alarm-reset', args: { codes: ['OH01', 'W03'] } },
  { name: 'factory-reset', args: {} },
  { name: 'energy-saving', args: { on: false } },
  {
    name: 'install',
    args: { name: 'Bar', country: 'DE', unitSystem: 'imperial', timeZone: 'Europe/Berlin', language: 'de', values: { S25: 3 } },
  },
];

describe('the command registry', () => {
  it('covers every command in these calls', () => {
    expect(new Set(CALLS.map((c) => c.name))).toEqual(new Set(COMMAND_NAMES));
  });

  it('keeps the service menu, firmware and factory parameter writes off the local link', () => {
    for (const call of CALLS.filter((c) => needsServiceSession(c.name))) expect(allowedOverLink(call), call.name).toBe(false);
    expect(allowedOverLink({ name: 'fota-start', args: { version: '2.4.0' } })).toBe(false);
    expect(allowedOverLink({ name: 'restore-presets', args: {} })).toBe(false);
    // A write naming a factory parameter (S25) is refused whole; cycle parameters alone pass.
    expect(allowedOverLink({ name: 'params-set', args: { values: { S12: 650, S25: 600 } } })).toBe(false);
    expect(allowedOverLink({ name: 'params-set', args: { values: { S12: 650 } } })).toBe(true);
    expect(allowedOverLink({ name: 'cycle-start', args: { cycleType: 'eco' } })).toBe(true);
    expect(allowedOverLink({ name: 'tank-replace', args: { tank: 'rinseAid' } })).toBe(true);
  });

  it('turns each call into the HTTP request whose route gives the same command back', () => {
    const routes = new Map(commandRoutes().map((route) => [route.path, route]));
    for (const call of CALLS) {
      const request = commandRequest(call);
      const route = routes.get(request.path);
      if (!route) throw new Error(`no route for ${request.path}`);
      const sent = request.body?.contentType === 'application/json' ? JSON.parse(request.body.text) : request.body?.text;
      const body = route.body ? route.body.parse(sent) : undefined;
      expect(route.toCommand(body), call.name).toEqual(call);
    }
  });

  it('shares the cycle path between start and stop by its plain-text word, and sends no body for an empty word', () => {
    expect(commandRequest({ name: 'cycle-stop', args: {} })).toEqual({
      path: 'cycle',
      body: { text: 'stop', contentType: 'text/plain' },
    });
    expect(commandRequest({ name: 'switch-shutdown', args: {} })).toEqual({ path: 'switch-shutdown' });
    const cycle = commandRoutes().find((route) => route.path === 'cycle');
    expect(cycle?.body?.safeParse('stop').success).toBe(true);
    expect(cycle?.body?.safeParse('spin').success).toBe(false);
  });

  it('fills the defaults of the MQTT arguments', () => {
    const id = '5f0c5a4e-8f0e-4d5e-9d1a-0b6f7a2c9e11';
    expect(ZCommand.parse({ id, name: 'run-live' })).toEqual({ id, name: 'run-live', args: { seconds: 300 } });
  });

  it('takes live mode from 10 s to an hour, or 0 s to end it at once, nothing in between', () => {
    const id = '5f0c5a4e-8f0e-4d5e-9d1a-0b6f7a2c9e11';
    const live = (seconds: number) => ZCommand.safeParse({ id, name: 'run-live', args: { seconds } }).success;
    expect([0, 10, 3600].map(live)).toEqual([true, true, true]);
    expect([-1, 1, 9, 3601, 0.5].map(live)).toEqual([false, false, false, false, false]);
    const body = commandRoutes().find((route) => route.path === 'run-live')?.body;
    expect(body?.safeParse({ seconds: 0 }).success).toBe(true);
    expect(body?.safeParse({ seconds: 5 }).success).toBe(false);
  });

  it("keeps the service menu's commands for service roles within a service session, and only those", () => {
    expect(COMMAND_NAMES.filter(needsServiceSession).sort()).toEqual([
      'alarm-reset',
      'energy-saving',
      'factory-reset',
      'install',
    ]);
    for (const name of COMMAND_NAMES.filter(needsServiceSession)) {
      expect(mayCommand(name, 'KITCHEN_MANAGER'), name).toBe(false);
      expect(mayCommand(name, 'SERVICE'), name).toBe(true);
    }
  });

  it('refuses an install to an unknown country, time zone or language, and a blank name', () => {
    const install = { name: 'Bar', country: 'IT', unitSystem: 'metric', timeZone: 'Europe/Rome', language: 'it' };
    expect(ZInstallRequest.parse(install).values).toEqual({});
    for (const bad of [
      { country: 'US' },
      { timeZone: 'Mars/Base' },
      { language: 'pt' },
      { name: '  ' },
      { unitSystem: 'kelvin' },
    ]) {
      expect(ZInstallRequest.safeParse({ ...install, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
