import { z } from 'zod';
import { ZGamma } from '../appliance/gamma.schema';
import { ZBrandCode } from '../brand/brand.schema';
import { CYCLE_TYPES } from '../device/cycles';
import { isAlarmCode } from '../device/alarms';
import { SYSTEM_STATES, type TSystemStateName } from '../device/system-state';

/**
 * The demo's virtual front panels (docs/simulator.md, "Front panel"): the calls that read a virtual machine's panel
 * and press its buttons. They exist only in demo mode and answer only this computer.
 */

const STATE_NAMES = Object.keys(SYSTEM_STATES) as [TSystemStateName, ...TSystemStateName[]];

/** One virtual machine of the demo's fleet, as the machine list shows it. */
export const ZPanelMachine = z.object({
  serialNumber: z.string(),
  brand: ZBrandCode,
  gamma: ZGamma,
  modelNumber: z.string(),
  /** the name its owner gave it; null when nobody has claimed it (or it was deleted) */
  applianceName: z.string().nullable(),
  state: z.enum(STATE_NAMES),
  /** connected to the broker */
  online: z.boolean(),
});
export type TPanelMachine = z.infer<typeof ZPanelMachine>;

export const ZPanelMachineList = z.array(ZPanelMachine);

/** What the machine's front panel shows now. */
export const ZFrontPanel = ZPanelMachine.extend({
  /** the display's own words: READY, STANDBY, DOOR, the claiming code, "fast 40%", … */
  display: z.string(),
  doorOpen: z.boolean(),
  /** a remote control session is active: the panel's buttons are refused (PANEL_LOCKED) */
  remoteControl: z.boolean(),
  /** °C: wash (the tank) and rinse (the boiler) */
  temperatures: z.object({ wash: z.number(), rinse: z.number() }),
  cycle: z
    .object({
      type: z.enum(CYCLE_TYPES),
      number: z.number().int(),
      /** seconds of programme done and planned */
      elapsed: z.number(),
      duration: z.number(),
      /** the cycle waits for the boiler or the tank to heat */
      waiting: z.boolean(),
    })
    .nullable(),
  claimingCode: z.object({ code: z.string(), expiresAt: z.string() }).nullable(),
  alarms: z.array(z.object({ code: z.string(), startDate: z.string() })),
  /** the catalogue alarms this range can raise (the raise-alarm button's choices) */
  alarmCodes: z.array(z.string()),
});
export type TFrontPanel = z.infer<typeof ZFrontPanel>;

/** A code of the alarm catalogue (whether the machine's range uses it is the service's check). */
const ZAlarmCode = z.string().max(8).refine(isAlarmCode, 'alarm code');

/** A button on the panel (the door and a fault are things that happen to the machine, offered beside them). */
export const ZPanelPress = z.discriminatedUnion('button', [
  z.object({ button: z.literal('power-on') }),
  z.object({ button: z.literal('power-off') }),
  z.object({ button: z.literal('start'), cycleType: z.enum(CYCLE_TYPES) }),
  z.object({ button: z.literal('stop') }),
  z.object({ button: z.literal('open-door') }),
  z.object({ button: z.literal('close-door') }),
  z.object({ button: z.literal('show-code') }),
  z.object({ button: z.literal('raise-alarm'), code: ZAlarmCode }),
  z.object({ button: z.literal('clear-alarm'), code: ZAlarmCode }),
]);
export type TPanelPress = z.infer<typeof ZPanelPress>;
export type TPanelButton = TPanelPress['button'];
