import { z } from 'zod';
import { CYCLE_TYPES } from './cycles';
import { COMMAND_NAMES, commandSpec, TANKS, type TCommandName } from './commands';
import { ZVersion } from './appliance.schema';
import { ZAlarmCode, ZInstallation, ZInstalled } from './protocol.schema';
import { ZCodeResponse } from '../account/account.schema';
import { ZProfileParameterAnswer } from '../customers/settings-profile.schema';

/**
 * The zod half of the command registry (`commands.ts`): each command's MQTT arguments and, where the
 * HTTP body is stricter or is plain text, the body's schema (a JSON body is the arguments unless said).
 */
type TCommandSchemas = { args: z.ZodType; body?: z.ZodType };

const NO_ARGS = z.object({}).default({});
/** Live mode's length: 10 s to an hour, or 0 to end it (and the remote control session) at once. */
const RUN_LIVE_SECONDS = z.union([z.literal(0), z.int().min(10).max(3600)]).default(300);
const ZParamValues = z.record(z.string().max(64), z.number());

/** POST …/parameters: only the values to change (raw units); at least one. */
export const ZParametersWrite = z
  .object({ values: ZParamValues.refine((v) => Object.keys(v).length > 0, 'empty') })
  .meta({ id: 'ParametersWrite' });
/** POST …/alarm-reset: the codes to reset; every resettable active alarm when left out. */
const ZAlarmResetArgs = z.object({ codes: z.array(ZAlarmCode).min(1).max(50).optional() });
/** POST …/energy-saving: on or off. */
export const ZEnergySavingRequest = z.object({ on: z.boolean() }).meta({ id: 'EnergySavingRequest' });
/**
 * POST …/install: what the machine is installed with (device-areas §2, "install machine"): its name,
 * country, unit system, time zone and language, and parameter values (raw units; none keeps the
 * machine's own) — given as they are, or as a settings profile of the machine's model
 * (`settingsProfileId`), whose values the server puts in `values` before it sends the command: a
 * machine never receives the profile's id.
 */
export const ZInstallRequest = ZInstallation.extend({
  values: ZParamValues.default({}),
  settingsProfileId: z.uuid().optional(),
}).meta({ id: 'InstallRequest' });
export type TInstallRequest = z.input<typeof ZInstallRequest>;
/**
 * `install` as the machine receives it: the request, and — only when the server restores a machine
 * on a new main board — `at`, when the machine was first installed, which the board reports as its
 * installation's time instead of its own clock's (docs/device-protocol.md). Nobody sends it over HTTP.
 */
const ZInstallArgs = ZInstallRequest.extend({ at: ZInstalled.shape.at.optional() });

/** POST …/update: the firmware version to install. */
export const ZFirmwareUpdateRequest = z.object({ version: ZVersion }).meta({ id: 'FirmwareUpdateRequest' });

export const COMMAND_SCHEMAS = {
  'cycle-start': { args: z.object({ cycleType: z.enum(CYCLE_TYPES) }), body: z.enum(CYCLE_TYPES) },
  'cycle-stop': { args: NO_ARGS, body: z.literal('stop') },
  'switch-shutdown': {
    args: z.object({ operationSet: z.string().max(40).optional() }).default({}),
    // No body at all (Fastify reads it as null) or an empty one: no operation set.
    body: z.string().max(40).nullish(),
  },
  'params-set': { args: z.object({ values: ZParamValues }), body: ZParametersWrite },
  // The server sends the model's default parameter list (docs/administration.md); a machine given
  // no values (older servers) goes back to its range's presets.
  'restore-presets': { args: z.object({ values: ZParamValues.optional() }).default({}) },
  'fota-start': { args: z.object({ version: z.string().min(1).max(40) }), body: ZFirmwareUpdateRequest },
  'expose-claiming-code': { args: NO_ARGS },
  'run-live': {
    args: z.object({ seconds: RUN_LIVE_SECONDS }).default({ seconds: 300 }),
    body: z.object({ seconds: RUN_LIVE_SECONDS }).nullish(),
  },
  'tank-replace': { args: z.object({ tank: z.enum(TANKS) }) },
  'alarm-reset': { args: ZAlarmResetArgs.default({}), body: ZAlarmResetArgs.nullish() },
  'factory-reset': { args: NO_ARGS },
  'energy-saving': { args: ZEnergySavingRequest },
  install: { args: ZInstallArgs, body: ZInstallRequest },
} as const satisfies Record<TCommandName, TCommandSchemas>;

/** A command's arguments as a caller writes them (defaults may be left out). */
export type TCommandArgsInput<K extends TCommandName> = z.input<(typeof COMMAND_SCHEMAS)[K]['args']>;
/** A command's arguments as the machine receives them (defaults filled in). */
export type TCommandArgs<K extends TCommandName> = z.output<(typeof COMMAND_SCHEMAS)[K]['args']>;
/** One command with its arguments, as a caller writes it. */
export type TCommandCall = { [K in TCommandName]: { name: K; args: TCommandArgsInput<K> } }[TCommandName];

/** `cmd` (cloud → device), one member per command of the registry. */
export type TCommand = { [K in TCommandName]: { id: string; name: K; args: TCommandArgs<K> } }[TCommandName];
export type TCommandInput = { [K in TCommandName]: { id: string; name: K; args?: TCommandArgsInput<K> } }[TCommandName];

/** The `cmd` payload schema, derived from the registry. */
export const ZCommand = z.discriminatedUnion(
  'name',
  COMMAND_NAMES.map((name) => z.object({ id: z.uuid(), name: z.literal(name), args: COMMAND_SCHEMAS[name].args })) as unknown as [
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

/** A command's HTTP body schema: its own, else (JSON) its arguments, else none. */
function bodyOf(name: TCommandName): z.ZodType | undefined {
  const schemas: TCommandSchemas = COMMAND_SCHEMAS[name];
  return schemas.body ?? (commandSpec(name).body === 'json' ? schemas.args : undefined);
}

/** The bodies of several commands on one path: one enum of their plain-text words. */
function oneOf(schemas: (z.ZodType | undefined)[]): z.ZodType {
  const words = schemas.flatMap((schema) => {
    if (schema instanceof z.ZodEnum) return schema.options as string[];
    if (schema instanceof z.ZodLiteral) return [...schema.values].map(String);
    throw new Error('commands sharing a path must have plain-text words as bodies');
  });
  return z.enum(words as [string, ...string[]]);
}

/** The arguments a validated body stands for. */
function argsOf(name: TCommandName, body: unknown): unknown {
  const spec = commandSpec(name);
  if (spec.body === 'json') return body ?? undefined;
  if (spec.body === 'none' || !spec.textArg) return {};
  const text = typeof body === 'string' ? body.trim() : '';
  return text ? { [spec.textArg]: text } : {};
}

/** The command routes, one per path, in the registry's order. */
export function commandRoutes(): TCommandRoute[] {
  const byPath = new Map<string, [TCommandName, ...TCommandName[]]>();
  for (const name of COMMAND_NAMES) {
    const sharing = byPath.get(commandSpec(name).path);
    if (sharing) sharing.push(name);
    else byPath.set(commandSpec(name).path, [name]);
  }
  return [...byPath.entries()].map(([path, names]) => ({
    path,
    summary: names.map((name) => commandSpec(name).summary).find((summary) => summary !== undefined) ?? path,
    body: names.length === 1 ? bodyOf(names[0]) : oneOf(names.map(bodyOf)),
    toCommand(body: unknown): TCommandCall {
      const name = names.length === 1 ? names[0] : names.find((n) => bodyOf(n)?.safeParse(body).success);
      if (!name) throw new Error(`no command of ${path} takes this body`);
      return { name, args: argsOf(name, body) } as TCommandCall;
    },
  }));
}

/**
 * A command route's answer: "200" once the machine obeyed, with what it reported back — the alarm
 * codes `alarm-reset` cleared, the parameter values `factory-reset` left, and for an `install` with a
 * settings profile the machine's answer for each of the profile's parameters.
 */
export const ZCommandResponse = ZCodeResponse.extend({
  cleared: z.array(z.string()).optional(),
  values: z.record(z.string(), z.number()).optional(),
  parameters: z.array(ZProfileParameterAnswer).optional(),
}).meta({ id: 'CommandResponse' });
export type TCommandResponse = z.infer<typeof ZCommandResponse>;
