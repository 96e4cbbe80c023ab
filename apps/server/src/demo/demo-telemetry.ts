import { setImmediate as turn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { keptFieldsFor, TEMPERATURE_HISTORY_FIELDS, type TGamma } from '@washboard/contracts';
import { historyTelemetry, type TDeviceMessage } from '@washboard/simulator';
import type { DemoTelemetryRepository, TTelemetryMinute, TTelemetrySample } from './demo-telemetry.repository';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Seconds between two readings: the demo fleet's live telemetry interval. */
export const DEMO_TELEMETRY_SECONDS = 5;
/** Readings made between two turns of the event loop (a day's): the server answers meanwhile. */
const READINGS_PER_TURN = DAY / 1000 / DEMO_TELEMETRY_SECONDS;

/** A machine seeded with a history: the messages it stored (`machineHistory`). */
export type TSeededMachine = { serialNumber: string; gamma: TGamma; messages: readonly TDeviceMessage[] };

/** The UTC days (`YYYY-MM-DD`) that [from, to) touches. */
function daysOf(from: number, to: number): string[] {
  const days: string[] = [];
  for (let day = from - (from % DAY); day < to; day += DAY) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

/**
 * The demo's temperature history (docs/hygiene.md, "The demo's temperature history"): for each
 * seeded machine, the telemetry its history's cycles imply (`historyTelemetry`, a reading every
 * DEMO_TELEMETRY_SECONDS over [from, to), `to` cut to its minute), stored as the roll-up's minutes
 * for the whole span and as raw rows for its last 24 hours — the day's chart, the last cycle and
 * the CSV read raw rows; a week and a month read minutes. Machine by machine, one transaction each;
 * stops between machines once `stopped` says so; a machine that fails is logged and the next one
 * stored. Answers the machines stored.
 */
export async function storeDemoTelemetry(
  deps: { repository: DemoTelemetryRepository; ensurePartitions: (days: string[]) => Promise<unknown> },
  machines: readonly TSeededMachine[],
  span: { from: number; to: number; seed: number },
  stopped: () => boolean,
  log: FastifyBaseLogger,
): Promise<number> {
  // Up to the start of the last minute: the live machine's rows of that minute may have been
  // rolled up by then, and a minute is written here by COPY, once.
  const to = span.to - (span.to % MINUTE);
  const rawFrom = Math.max(span.from, to - DAY);
  if (to <= span.from || machines.length === 0 || stopped()) return 0;
  // Raw rows belong in their day's partition, which the upkeep makes only from today on.
  await deps.ensurePartitions(daysOf(rawFrom, to));
  let stored = 0;
  for (const machine of machines) {
    if (stopped()) break;
    try {
      await storeMachine(deps.repository, machine, { from: span.from, to, rawFrom, seed: span.seed });
      stored += 1;
    } catch (error) {
      // One machine's failure leaves the others' charts to fill.
      log.error({ err: error, serialNumber: machine.serialNumber }, 'demo temperature history not stored');
    }
  }
  return stored;
}

/** One machine's readings, aggregated into minutes (and the last day's raw rows), stored in one transaction. */
async function storeMachine(
  repository: DemoTelemetryRepository,
  machine: TSeededMachine,
  span: { from: number; to: number; rawFrom: number; seed: number },
): Promise<void> {
  const rowFields = keptFieldsFor(machine.gamma);
  const fields = TEMPERATURE_HISTORY_FIELDS.filter((key) => rowFields.includes(key));
  const minutes: TTelemetryMinute[] = [];
  const rows: TTelemetrySample[] = [];
  let current: { minute: number; min: number[]; max: number[] } | undefined;
  let readings = 0;
  const samples = historyTelemetry({ serial: machine.serialNumber, gamma: machine.gamma }, machine.messages, {
    seed: span.seed,
    from: span.from,
    to: span.to,
    intervalSeconds: DEMO_TELEMETRY_SECONDS,
  });
  // The roll-up's fields are some of the row's: where each sits in a reading.
  const slots = fields.map((key) => rowFields.indexOf(key));
  for (const { at, values } of samples) {
    const minute = at - (at % MINUTE);
    if (current?.minute !== minute) {
      const first = slots.map((slot) => values[slot] as number);
      current = { minute, min: first, max: [...first] };
      minutes.push(current);
    } else {
      const { min, max } = current;
      for (let i = 0; i < slots.length; i += 1) {
        const value = values[slots[i] as number] as number;
        if (value < (min[i] as number)) min[i] = value;
        else if (value > (max[i] as number)) max[i] = value;
      }
    }
    if (at >= span.rawFrom) rows.push({ at, values: [...values] });
    readings += 1;
    if (readings % READINGS_PER_TURN === 0) await turn();
  }
  await repository.store(machine.serialNumber, { fields, rows: minutes }, { fields: rowFields, rows });
}
