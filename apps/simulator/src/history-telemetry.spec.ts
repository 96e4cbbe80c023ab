import { describe, expect, it } from 'vitest';
import { deviceTopic, keptFieldsFor, type TGamma, type THaccpEvent } from '@washboard/contracts';
import { cycleSettings, machineSettings, presets } from './catalogue';
import { machineHistory } from './history';
import { historyTelemetry } from './history-telemetry';
import { heatingCondition } from './machine-condition';
import { MACHINE_PROFILES, machineTypeFor } from './machine-profile';
import { checkDeviceMessage } from './protocol-check';

const NOW = new Date('2026-03-31T12:00:00Z');
const DAY = 86_400_000;
const END = Date.UTC(2026, 2, 31);
const FROM = END - 3 * DAY;

/** Three days of a machine's history and the telemetry built around them, each reading by field. */
function telemetryOf(serial: string, gamma: TGamma) {
  const history = machineHistory({ serial, gamma }, { now: NOW, days: 3, seed: 7, cyclesBefore: 800 });
  const fields = keptFieldsFor(gamma);
  const readings: ({ at: number } & Record<string, number>)[] = [];
  // Each reading is the generator's own object, reused: copied as it comes.
  for (const { at, values } of historyTelemetry({ serial, gamma }, history.messages, {
    seed: 7,
    from: FROM,
    to: END,
    intervalSeconds: 5,
  })) {
    readings.push({ at, ...Object.fromEntries(fields.map((key, i) => [key, values[i] as number])) });
  }
  const cycles = history.messages.flatMap((m) =>
    m.topic === 'event' && m.payload.kind === 'cycle' ? [m.payload as Extract<THaccpEvent, { kind: 'cycle' }>] : [],
  );
  return { history, fields, readings, cycles };
}

describe('historyTelemetry', () => {
  const { fields, readings, cycles } = telemetryOf('WB-0001', 'infinity');
  const within = (from: number, to: number) => readings.filter((r) => r.at >= from && r.at < to);

  it('sends a reading every five seconds with the fields of the range, each as the protocol accepts it', () => {
    expect(readings.length).toBe((END - FROM) / 5000);
    expect(readings.every((r, i) => r.at === FROM + i * 5000)).toBe(true);
    for (const gamma of ['infinity', 'hiline', 'prime', 'ge'] as const) {
      const other = telemetryOf(`WB-${gamma}`, gamma);
      expect(other.fields).toEqual(keptFieldsFor(gamma));
      for (const { at, ...values } of other.readings.slice(0, 2000)) {
        const payload = JSON.stringify({ ts: new Date(at).toISOString(), ...values });
        expect(checkDeviceMessage(deviceTopic('WB-1', 'telemetry'), payload)).toBeNull();
      }
    }
    expect(fields).toContain('boilerTmp');
  });

  it("agrees with every cycle's record: the tank's peak is its wash peak, and the rinse draws the boiler down", () => {
    expect(cycles.length).toBeGreaterThan(300);
    for (const cycle of cycles) {
      const start = Date.parse(cycle.start);
      const stop = Date.parse(cycle.stop);
      const during = within(start, stop);
      expect(during.length).toBeGreaterThanOrEqual(Math.floor((stop - start) / 5000));
      expect(Math.abs(Math.max(...during.map((r) => r.tankTmp as number)) - cycle.measurements.washMaxTmp)).toBeLessThanOrEqual(
        10,
      );
      expect(Math.min(...during.map((r) => r.tankTmp as number))).toBeGreaterThanOrEqual(cycle.measurements.washMinTmp - 10);
      expect(during.every((r) => (r.cycleTimeDuration as number) === Math.round((stop - start) / 1000))).toBe(true);
      // Mains water refills the boiler behind the rinse: its probe reads at least 5 °C less after it.
      const rinse = (cycle.rinseTrace?.length ?? 0) * 1000;
      const beforeRinse = within(start, stop - rinse).at(-1);
      const after = within(stop, stop + 5000)[0];
      expect(after?.boilerTmp).toBeLessThan((beforeRinse?.boilerTmp as number) - 50);
      // Its rinse's litres, until the next cycle starts counting its own.
      if (after?.cycleTimeDuration === 0) expect(after.rinseWaterVlm).toBe(cycle.measurements.rinseWaterVlm);
    }
  });

  // Machines in each condition (docs/simulator.md): a clean one, a scaled boiler heater, a cold supply.
  const serials = Array.from({ length: 200 }, (_, i) => `WB-${String(i + 1).padStart(4, '0')}`);
  const clean = ({ boilerHeaterShare, coldInlet }: ReturnType<typeof heatingCondition>) => boilerHeaterShare === 1 && !coldInlet;
  const of = (condition: (c: ReturnType<typeof heatingCondition>) => boolean) => {
    const serial = serials.find((s) => condition(heatingCondition(7, s)));
    if (!serial) throw new Error('no machine of that condition among the first 200 serials');
    return serial;
  };
  const scaled = of((c) => c.boilerHeaterShare < 1);
  const cold = of((c) => c.coldInlet);
  const plain = of(clean);

  it.each([
    ['a clean machine', plain, 'infinity'],
    ['a scaled boiler heater', scaled, 'infinity'],
    ['a cold supply', cold, 'infinity'],
    ['a glasswasher', 'WB-0002', 'hiline'],
    ['a pot washer', 'WB-0003', 'prime'],
  ] as const)('holds the water at its setpoints between cycles and within reason in them: %s', (_, serial, gamma) => {
    const machine = telemetryOf(serial, gamma);
    const profile = MACHINE_PROFILES[machineTypeFor(gamma)];
    const settings = machineSettings(presets(gamma), profile);
    const idle = cycleSettings(presets(gamma), 'dishes', profile, settings);
    // Readings from a quarter of an hour after a cycle until the next: the thermostats' bands.
    const spans = machine.cycles.map((c, i) => [
      Date.parse(c.stop) + 15 * 60_000,
      Date.parse(machine.cycles[i + 1]?.start ?? ''),
    ]);
    const quiet = machine.readings.filter((r) => spans.some(([from, to]) => r.at >= (from as number) && r.at < (to as number)));
    expect(quiet.length).toBeGreaterThan(100);
    for (const r of quiet) {
      expect(r.boilerTmp).toBeGreaterThanOrEqual((idle.boilerSetpoint - settings.boilerHysteresis - 1) * 10);
      expect(r.boilerTmp).toBeLessThanOrEqual((idle.boilerSetpoint + 1) * 10);
      expect(r.tankTmp).toBeGreaterThanOrEqual((idle.tankSetpoint - settings.tankHysteresis - 1) * 10);
      expect(r.tankTmp).toBeLessThanOrEqual((idle.tankSetpoint + 1) * 10);
    }
    // However busy the kitchen, a rinse draws the boiler down by a share of it, never below 45 °C.
    const boiler = machine.readings.map((r) => r.boilerTmp as number);
    expect(Math.min(...boiler)).toBeGreaterThanOrEqual(450);
    // A programme may hold the boiler hotter than the idle setpoint: its rinse peak is the bound then.
    const hottest = Math.max(idle.boilerSetpoint * 10, ...machine.cycles.map((c) => c.measurements.rinseMaxTmp));
    expect(Math.max(...boiler)).toBeLessThanOrEqual(hottest + 10);
    const inlet = machine.readings.map((r) => r.waterTmp as number).filter((v) => v !== undefined);
    if (inlet.length > 0) expect(Math.max(...inlet) - Math.min(...inlet)).toBeLessThan(20);
  });

  it('is the same for the same seed', () => {
    expect(telemetryOf('WB-0001', 'infinity').readings.slice(0, 500)).toEqual(readings.slice(0, 500));
  });
});
