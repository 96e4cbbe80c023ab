import { describe, expect, it } from 'vitest';
import { deviceTopic, keptFieldsFor, type TGamma, type THaccpEvent } from '@washboard/contracts';
import { cycleSettings, machineSettings, presets } from './catalogue';
import { machineHistory } from './history';
import { historyTelemetry } from './history-telemetry';
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
      expect(after?.rinseWaterVlm).toBe(cycle.measurements.rinseWaterVlm);
    }
  });

  it('holds the water at its setpoints between cycles, the inlet at the mains temperature', () => {
    const profile = MACHINE_PROFILES[machineTypeFor('infinity')];
    const settings = machineSettings(presets('infinity'), profile);
    const idle = cycleSettings(presets('infinity'), 'dishes', profile, settings);
    // Readings an hour or more after the last cycle and before the next: the thermostats' bands.
    const ends = cycles.map((c) => [Date.parse(c.start), Date.parse(c.stop)] as const);
    const quiet = readings.filter((r) => ends.every(([start, stop]) => r.at < start || r.at > stop + 3_600_000));
    for (const r of quiet) {
      expect(r.boilerTmp).toBeGreaterThanOrEqual((idle.boilerSetpoint - settings.boilerHysteresis - 1) * 10);
      expect(r.boilerTmp).toBeLessThanOrEqual((idle.boilerSetpoint + 1) * 10);
      expect(r.tankTmp).toBeGreaterThanOrEqual((idle.tankSetpoint - settings.tankHysteresis - 1) * 10);
      expect(r.tankTmp).toBeLessThanOrEqual((idle.tankSetpoint + 1) * 10);
    }
    const inlet = readings.map((r) => r.waterTmp as number);
    expect(Math.max(...inlet) - Math.min(...inlet)).toBeLessThan(20);
  });

  it('is the same for the same seed', () => {
    expect(telemetryOf('WB-0001', 'infinity').readings.slice(0, 500)).toEqual(readings.slice(0, 500));
  });
});
