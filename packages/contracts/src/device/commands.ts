import { ROLES, SERVICE_ROLES, type TRole } from '../account/roles';
import type { TCommandError } from './protocol';
import type { TSystemStateName } from './system-state';
import type { TCommandCall } from './commands.schema';
import { parameterByKey } from './parameters';

/**
 * The device registry's commands (docs/device-registry.md): each command the cloud sends a machine
 * is declared here once — its HTTP call, who may send it and in which machine states the machine
 * refuses it — and its arguments' schemas beside it in `commands.schema.ts` (keyed by the same
 * names, so one without the other does not compile). Derived from the two: `ZCommand` (the `cmd`
 * payload), the server's routes and typed `send(call)`, the web's `sendCommand`, the simulator's
 * refusals and the exhaustive behaviour map it must implement.
 *
 * Plain values only (no zod): the browser bundle imports this file.
 */

/** The chemical tanks a technician can replace (tank-replace). */
export const TANKS = ['detergent', 'rinseAid'] as const;
export type TTank = (typeof TANKS)[number];

/** Countries a machine is installed in (device-areas §9). */
export const INSTALL_COUNTRIES = ['IT', 'FR', 'DE', 'ES', 'GB'] as const;
export type TInstallCountry = (typeof INSTALL_COUNTRIES)[number];

/**
 * The steps of `install`, in the order the machine applies them: a failed install names the first
 * step the machine could not take ("Replacement or install unsuccessful", device-areas §8).
 */
export const INSTALL_STEPS = ['name', 'country', 'unitSystem', 'timeZone', 'language', 'parameters'] as const;
export type TInstallStep = (typeof INSTALL_STEPS)[number];

/** A machine at rest: not washing, starting up, shutting down or installing firmware. */
const busyUnlessAtRest = (m: TMachineCondition): TCommandError | null =>
  m.updating || m.cycleRunning || (m.state !== 'IDLE' && m.state !== 'OFF') ? 'BUSY' : null;

/** What the machine's refusal rule looks at. */
export type TMachineCondition = {
  state: TSystemStateName | 'UNKNOWN';
  /** a firmware update is being installed */
  updating: boolean;
  /** a washing cycle runs (also while it is being stopped) */
  cycleRunning: boolean;
  /** the door (hood) is open: no cycle starts until it is closed */
  doorOpen: boolean;
};

/**
 * A command's HTTP call: POST /api/v1/event-hub-listener/event/{serialNumber}/{path}, with no body,
 * a JSON body (the arguments), or the spec's plain-text body: the value of the argument `textArg`,
 * or the fixed word `text` (commands may share a path by their words: `cycle` carries a cycle type
 * for cycle-start and "stop" for cycle-stop).
 */
type TCommandSpec = {
  path: string;
  /** The route's OpenAPI summary (the first command of a shared path gives it). */
  summary?: string;
  body: 'none' | 'json' | 'text';
  textArg?: string;
  text?: string;
  /** Who may send it besides seeing the machine; every role when left out. */
  roles?: readonly TRole[];
  /**
   * A command of the service menu: sent only within an open service session (the PIN was entered,
   * docs/service-menu.md); the route takes the session from the `X-Service-Session` header.
   */
  serviceSession?: boolean;
  /**
   * Whether a phone may send it over the local link (docs/local-link.md, "Commands over the link"):
   * `allowed`, or `cycle-parameters` when only the values it writes decide (every one a cycle
   * parameter). Refused over the link when left out: the display code proves that someone stands at
   * the machine, not who, so only what its front panel lets anyone do passes.
   */
  localLink?: 'allowed' | 'cycle-parameters';
  /** The machine's own rule: the refusal it answers in this condition, or null when it obeys. */
  refuse?(machine: TMachineCondition): TCommandError | null;
};

export const COMMANDS = {
  'cycle-start': {
    path: 'cycle',
    summary: 'Starts a cycle (body: the cycle type, plain text); "stop" stops the running cycle',
    body: 'text',
    localLink: 'allowed',
    textArg: 'cycleType',
    refuse: (m) => (m.state === 'OFF' ? 'OFF' : m.state !== 'IDLE' || m.updating ? 'BUSY' : m.doorOpen ? 'DOOR_OPEN' : null),
  },
  'cycle-stop': {
    path: 'cycle',
    body: 'text',
    localLink: 'allowed',
    text: 'stop',
    refuse: (m) => (m.cycleRunning ? null : 'NOT_RUNNING'),
  },
  'switch-shutdown': {
    path: 'switch-shutdown',
    summary: 'Turns the machine off (body: operationSet, plain text)',
    body: 'text',
    localLink: 'allowed',
    textArg: 'operationSet',
    // The update must not be interrupted (device-areas §4), so the machine will not turn off.
    refuse: (m) => (m.updating ? 'BUSY' : null),
  },
  'params-set': {
    path: 'parameters',
    summary: 'Writes parameters (only the changed ones); each is checked against the catalogue bounds',
    body: 'json',
    // The factory (HACCP, safety, calibration) parameters are not the front panel's to change.
    localLink: 'cycle-parameters',
  },
  'restore-presets': {
    path: 'restore-presets',
    summary: "Resets the parameters to the model's default parameter list (the range's presets where the model has none)",
    body: 'none',
  },
  'fota-start': {
    path: 'update',
    summary:
      'Starts an over-the-air firmware update to a version newer than the installed FW00; progress arrives on the push channel (fotaStatus)',
    body: 'json',
    // Flashing needs a machine at rest: not while washing, heating up or shutting down.
    refuse: (m) => (m.updating || (m.state !== 'IDLE' && m.state !== 'OFF') ? 'BUSY' : null),
  },
  'expose-claiming-code': {
    path: 'expose-claiming-code',
    summary: 'Makes the machine show a fresh activation code on its display',
    body: 'none',
    localLink: 'allowed',
  },
  'run-live': { path: 'run-live', summary: 'Telemetry every second for a while', body: 'json', localLink: 'allowed' },
  'tank-replace': {
    path: 'tank-replace',
    summary: 'Detergent or rinse-aid tank replaced (refused while the machine starts up)',
    body: 'json',
    localLink: 'allowed',
    refuse: (m) => (m.state === 'STARTUP' ? 'INHIBITED_IN_STARTUP' : null),
  },
  'alarm-reset': {
    path: 'alarm-reset',
    summary:
      "Resets the machine's active alarms that can be reset (optionally only `codes`); the answer lists the codes it cleared",
    body: 'json',
    roles: SERVICE_ROLES,
    serviceSession: true,
  },
  'factory-reset': {
    path: 'factory-reset',
    summary: 'Returns the machine to its factory parameter values; the answer carries the values it now holds',
    body: 'none',
    roles: SERVICE_ROLES,
    serviceSession: true,
    refuse: busyUnlessAtRest,
  },
  'energy-saving': {
    path: 'energy-saving',
    summary: 'Turns energy saving on or off (the heaters stay off after the energy-saving interval in standby)',
    body: 'json',
    roles: SERVICE_ROLES,
    serviceSession: true,
  },
  install: {
    path: 'install',
    summary:
      'Installs the machine: name, country, unit system, time zone, language and parameter values; a failure names its step',
    body: 'json',
    roles: SERVICE_ROLES,
    serviceSession: true,
    refuse: busyUnlessAtRest,
  },
} as const satisfies Record<string, TCommandSpec>;

export type TCommandName = keyof typeof COMMANDS;
export const COMMAND_NAMES = Object.keys(COMMANDS) as TCommandName[];

/** A command's declaration, read without its literal types. */
export function commandSpec(name: TCommandName): TCommandSpec {
  return COMMANDS[name];
}

/** Whether the registry lets a caller of `role` send the command (seeing the machine is checked apart). */
export function mayCommand(name: TCommandName, role: TRole): boolean {
  return (commandSpec(name).roles ?? ROLES).includes(role);
}

/** Whether the command belongs to the service menu and needs an open service session. */
export function needsServiceSession(name: TCommandName): boolean {
  return commandSpec(name).serviceSession === true;
}

/**
 * Whether a phone may send `command` over the local link (its declaration's `localLink`). The
 * service-menu commands, firmware updates, preset restores and factory parameter writes are refused
 * there (NOT_OVER_LINK): they need an account's role, and over MQTT a service PIN and the audit trail.
 */
export function allowedOverLink(command: { name: TCommandName; args?: unknown }): boolean {
  const rule = commandSpec(command.name).localLink;
  if (rule !== 'cycle-parameters') return rule === 'allowed';
  const { args } = command;
  const values = typeof args === 'object' && args !== null && 'values' in args ? args.values : undefined;
  if (typeof values !== 'object' || values === null) return true;
  return Object.keys(values).every((key) => parameterByKey(key)?.kind === 'cycle');
}

/** The machine's refusal of the command in `machine`'s condition, or null when it obeys. */
export function commandRefusal(name: TCommandName, machine: TMachineCondition): TCommandError | null {
  return commandSpec(name).refuse?.(machine) ?? null;
}

/**
 * The HTTP request that sends `call` (the web's `sendCommand`): the path below the machine and, when
 * it has one, the body and its type. A plain-text argument left empty sends no body.
 */
export function commandRequest(call: TCommandCall): { path: string; body?: { text: string; contentType: string } } {
  const spec = commandSpec(call.name);
  const args = (call.args ?? {}) as Record<string, unknown>;
  if (spec.body === 'json') return { path: spec.path, body: { text: JSON.stringify(args), contentType: 'application/json' } };
  const text = spec.body === 'text' ? (spec.textArg ? args[spec.textArg] : spec.text) : undefined;
  return typeof text === 'string' && text !== ''
    ? { path: spec.path, body: { text, contentType: 'text/plain' } }
    : { path: spec.path };
}
