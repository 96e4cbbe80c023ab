import { z } from 'zod';
import { ROLES, type TRole } from '../account/roles';
import { CYCLE_TYPES, type TCycleType } from './cycles';
import type { TCommandError } from './protocol';
import type { TSystemStateName } from './system-state';

/**
 * The device registry's commands (docs/device-registry.md): each command the cloud sends a machine
 * is declared here once — its arguments on MQTT, its HTTP call, who may send it and in which machine
 * states the machine refuses it. Derived from it: `ZCommand` (the `cmd` payload), the server's typed
 * `send(name, args)` and its routes, the web's `sendCommand`, the simulator's refusals and the
 * exhaustive handler map it must implement.
 */

/** The chemical tanks a technician can replace (tank-replace). */
export const TANKS = ['detergent', 'rinseAid'] as const;
export type TTank = (typeof TANKS)[number];

/** What the machine's refusal rule looks at. */
export type TMachineCondition = {
  state: TSystemStateName | 'UNKNOWN';
  /** a firmware update is being installed */
  updating: boolean;
  /** a washing cycle runs (also while it is being stopped) */
  cycleRunning: boolean;
};

/**
 * How a command is called over HTTP: POST /api/v1/event-hub-listener/event/{serialNumber}/{path}.
 * `none`: no body; `json`: the body is the arguments (`schema` may be stricter than the arguments);
 * `text`: the spec's plain-text bodies, turned into arguments and back.
 */
type THttpCall<A> =
  | { path: string; summary: string; body: 'none' }
  | { path: string; summary: string; body: 'json'; schema: z.ZodType<A> }
  | {
      path: string;
      summary: string;
      body: 'text';
      schema: z.ZodType<string | undefined>;
      toArgs(text: string | undefined): A;
      toText(args: A): string;
    };

type TCommandSpec<S extends z.ZodType> = {
  /** The `args` of the `cmd` message. */
  args: S;
  http: THttpCall<z.input<S>>;
  /** Who may send it (besides seeing the machine). */
  roles: readonly TRole[];
  /** The machine's own rule: the refusal it answers in this condition, or null when it obeys. */
  refuse(machine: TMachineCondition): TCommandError | null;
};

const command = <S extends z.ZodType>(spec: TCommandSpec<S>) => spec;
const never = (): null => null;
const NO_ARGS = z.object({}).default({});

const json = <A>(path: string, schema: z.ZodType<A>, summary: string) => ({ path, summary, body: 'json' as const, schema });

/** POST …/parameters: only the values to change (raw units); at least one. */
export const ZParametersWrite = z
  .object({ values: z.record(z.string().max(64), z.number()).refine((v) => Object.keys(v).length > 0, 'empty') })
  .meta({ id: 'ParametersWrite' });
/** POST …/update: the firmware version to install. */
export const ZFirmwareUpdateRequest = z
  .object({ version: z.string().trim().min(1).max(40) })
  .meta({ id: 'FirmwareUpdateRequest' });

const RUN_LIVE_SECONDS = z.int().min(10).max(3600).default(300);

export const COMMANDS = {
  'cycle-start': command({
    args: z.object({ cycleType: z.enum(CYCLE_TYPES) }),
    http: {
      path: 'cycle',
      summary: 'Starts a cycle (body: the cycle type, plain text); "stop" stops the running cycle',
      body: 'text',
      schema: z.enum(CYCLE_TYPES),
      toArgs: (text) => ({ cycleType: text as TCycleType }),
      toText: (args) => args.cycleType,
    },
    roles: ROLES,
    refuse: (m) => (m.state === 'OFF' ? 'OFF' : m.state !== 'IDLE' || m.updating ? 'BUSY' : null),
  }),
  'cycle-stop': command({
    args: NO_ARGS,
    http: {
      path: 'cycle',
      summary: 'Stops the running cycle (body: "stop", plain text)',
      body: 'text',
      schema: z.literal('stop'),
      toArgs: () => ({}),
      toText: () => 'stop',
    },
    roles: ROLES,
    refuse: (m) => (m.cycleRunning ? null : 'NOT_RUNNING'),
  }),
  'switch-shutdown': command({
    args: z.object({ operationSet: z.string().max(40).optional() }).default({}),
    http: {
      path: 'switch-shutdown',
      summary: 'Turns the machine off (body: operationSet, plain text)',
      body: 'text',
      schema: z.string().max(40).optional(),
      toArgs: (text) => (text?.trim() ? { operationSet: text.trim() } : {}),
      toText: (args) => args?.operationSet ?? '',
    },
    roles: ROLES,
    // The update must not be interrupted (device-areas §4), so the machine will not turn off.
    refuse: (m) => (m.updating ? 'BUSY' : null),
  }),
  'params-set': command({
    args: z.object({ values: z.record(z.string().max(64), z.number()) }),
    http: json(
      'parameters',
      ZParametersWrite,
      'Writes parameters (only the changed ones); each is checked against the catalogue bounds',
    ),
    roles: ROLES,
    refuse: never,
  }),
  'restore-presets': command({
    args: NO_ARGS,
    http: { path: 'restore-presets', summary: 'Resets the parameters to the presets of the range', body: 'none' },
    roles: ROLES,
    refuse: never,
  }),
  'fota-start': command({
    args: z.object({ version: z.string().min(1).max(40) }),
    http: json(
      'update',
      ZFirmwareUpdateRequest,
      'Starts an over-the-air firmware update to a version newer than the installed FW00; progress arrives on the push channel (fotaStatus)',
    ),
    roles: ROLES,
    // Flashing needs a machine at rest: not while washing, heating up or shutting down.
    refuse: (m) => (m.updating || (m.state !== 'IDLE' && m.state !== 'OFF') ? 'BUSY' : null),
  }),
  'expose-claiming-code': command({
    args: NO_ARGS,
    http: {
      path: 'expose-claiming-code',
      summary: 'Makes the machine show a fresh activation code on its display',
      body: 'none',
    },
    roles: ROLES,
    refuse: never,
  }),
  'run-live': command({
    args: z.object({ seconds: RUN_LIVE_SECONDS }).default({ seconds: 300 }),
    http: json('run-live', z.object({ seconds: RUN_LIVE_SECONDS }).optional(), 'Telemetry every second for a while'),
    roles: ROLES,
    refuse: never,
  }),
  'tank-replace': command({
    args: z.object({ tank: z.enum(TANKS) }),
    http: json(
      'tank-replace',
      z.object({ tank: z.enum(TANKS) }),
      'Detergent or rinse-aid tank replaced (refused while the machine starts up)',
    ),
    roles: ROLES,
    refuse: (m) => (m.state === 'STARTUP' ? 'INHIBITED_IN_STARTUP' : null),
  }),
} as const;

export type TCommandName = keyof typeof COMMANDS;
export const COMMAND_NAMES = Object.keys(COMMANDS) as TCommandName[];
/** A command's arguments as a caller writes them (defaults may be left out). */
export type TCommandArgsInput<K extends TCommandName> = z.input<(typeof COMMANDS)[K]['args']>;
/** A command's arguments as the machine receives them (defaults filled in). */
export type TCommandArgs<K extends TCommandName> = z.output<(typeof COMMANDS)[K]['args']>;
/** One command with its arguments, as a caller writes it. */
export type TCommandCall = { [K in TCommandName]: { name: K; args: TCommandArgsInput<K> } }[TCommandName];

/** `cmd` (cloud → device), one member per command of the registry. */
export type TCommand = { [K in TCommandName]: { id: string; name: K; args: TCommandArgs<K> } }[TCommandName];
export type TCommandInput = { [K in TCommandName]: { id: string; name: K; args?: TCommandArgsInput<K> } }[TCommandName];

/** The `cmd` payload schema, derived from the registry. */
export const ZCommand = z.discriminatedUnion(
  'name',
  COMMAND_NAMES.map((name) => z.object({ id: z.uuid(), name: z.literal(name), args: COMMANDS[name].args })) as unknown as [
    z.ZodObject<{ id: z.ZodUUID; name: z.ZodLiteral<TCommandName>; args: z.ZodType }>,
  ],
) as unknown as z.ZodType<TCommand, TCommandInput>;

/** The HTTP call of each path: the commands it carries (the cycle path carries start and stop). */
export type TCommandRoute = {
  path: string;
  summary: string;
  /** The body schema of the route (none for body-less calls). */
  body: z.ZodType | undefined;
  /** The command a validated body asks for. */
  toCommand(body: unknown): TCommandCall;
};

/** The bodies of several commands on one path: one enum of their plain-text words. */
function oneOf(schemas: z.ZodType[]): z.ZodType {
  const words = schemas.flatMap((schema) => {
    if (schema instanceof z.ZodEnum) return schema.options as string[];
    if (schema instanceof z.ZodLiteral) return [...schema.values].map(String);
    throw new Error('commands sharing a path must have plain-text words as bodies');
  });
  return z.enum(words as [string, ...string[]]);
}

type TCommandCallSpec = { name: TCommandName; http: THttpCall<unknown> };

/** The command routes, one per path, in the registry's order. */
export function commandRoutes(): TCommandRoute[] {
  const byPath = new Map<string, [TCommandCallSpec, ...TCommandCallSpec[]]>();
  for (const name of COMMAND_NAMES) {
    const call = { name, http: COMMANDS[name].http as THttpCall<unknown> };
    const sharing = byPath.get(call.http.path);
    if (sharing) sharing.push(call);
    else byPath.set(call.http.path, [call]);
  }
  return [...byPath.entries()].map(([path, calls]) => {
    const schemas = calls.map(({ http }) => (http.body === 'none' ? undefined : http.schema));
    return {
      path,
      summary: calls[0].http.summary,
      body: schemas.length === 1 ? schemas[0] : oneOf(schemas as z.ZodType[]),
      toCommand(value: unknown): TCommandCall {
        const call = calls.find(({ http }) => http.body === 'none' || http.schema.safeParse(value).success) ?? calls[0];
        const args =
          call.http.body === 'text' ? call.http.toArgs(value as string | undefined) : call.http.body === 'json' ? value : {};
        return { name: call.name, args } as TCommandCall;
      },
    };
  });
}

/** The HTTP request that sends `call` (the web's `sendCommand`): the path below the machine and the body. */
export function commandRequest(call: TCommandCall): { path: string; body?: string; contentType?: string } {
  const http = COMMANDS[call.name].http as THttpCall<unknown>;
  if (http.body === 'none') return { path: http.path };
  if (http.body === 'text') return { path: http.path, body: http.toText(call.args), contentType: 'text/plain' };
  return { path: http.path, body: JSON.stringify(call.args ?? {}), contentType: 'application/json' };
}
