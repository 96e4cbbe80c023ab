import type { Fleet, TPanelRefusal, VirtualDishwasher } from '@washboard/simulator';
import { alarmsFor, type TFrontPanel, type TPanelMachine, type TPanelPress, type TServerErrorCode } from '@washboard/contracts';
import { AppError } from '../errors';
import { REFUSALS } from '../device/command.service';
import type { ApplianceRepository } from '../appliance/appliance.repository';

/** What the caller is told when the panel refuses a button: the lock, or the machine's own refusal. */
function refusalError(refusal: TPanelRefusal): TServerErrorCode {
  return refusal === 'PANEL_LOCKED' ? 'PANEL_LOCKED' : REFUSALS[refusal];
}

const oneDecimal = (celsius: number) => Math.round(celsius * 10) / 10;

/**
 * The demo's virtual front panels (docs/simulator.md, "Front panel"): reads what a virtual machine's panel shows and
 * presses its buttons, as someone standing at the machine would. The machine then tells the cloud
 * over MQTT like any other, so the dashboard follows through the normal ingestion — nothing here
 * writes to the database. Which brand a machine belongs to and its name come from its product
 * record, so the panel works whatever machines (and brands) the demo's fleet holds.
 */
export class FrontPanelService {
  constructor(
    private readonly fleet: Pick<Fleet, 'get' | 'machines'>,
    private readonly products: Pick<ApplianceRepository, 'find'>,
  ) {}

  /** Every virtual machine of the demo, by brand then serial number. */
  async list(): Promise<TPanelMachine[]> {
    const machines = await Promise.all(this.fleet.machines.map((machine) => this.describe(machine)));
    return machines
      .filter((machine): machine is TPanelMachine => machine !== undefined)
      .sort((a, b) => a.brand.localeCompare(b.brand) || a.serialNumber.localeCompare(b.serialNumber));
  }

  /** What one machine's front panel shows now; APPLIANCE_NOT_FOUND for a serial outside the fleet. */
  async panel(serialNumber: string): Promise<TFrontPanel> {
    const machine = this.fleet.get(serialNumber);
    const described = machine && (await this.describe(machine));
    if (!machine || !described) throw new AppError('APPLIANCE_NOT_FOUND');
    const model = machine.model;
    const cycle = machine.currentCycle;
    return {
      ...described,
      display: machine.display,
      doorOpen: model.doorOpen,
      remoteControl: model.remoteControlActive,
      temperatures: { wash: oneDecimal(machine.temperatures.tank), rinse: oneDecimal(machine.temperatures.boiler) },
      cycle: cycle && {
        type: cycle.type,
        number: cycle.number,
        elapsed: Math.floor(cycle.elapsed),
        duration: cycle.duration,
        waiting: cycle.waiting,
      },
      claimingCode: machine.claimingCode,
      alarms: machine.activeAlarms.map(({ code, startDate }) => ({ code, startDate })),
      alarmCodes: alarmsFor(machine.gamma).map((alarm) => alarm.code),
    };
  }

  /**
   * Presses a button and answers the panel after it. A button the machine refuses (the door is
   * open, nothing runs, a remote session locks the panel…) changes nothing and answers the
   * refusal's error; pressing power-on on a machine that is on, or opening an open door, does nothing.
   */
  async press(serialNumber: string, press: TPanelPress): Promise<TFrontPanel> {
    const machine = this.fleet.get(serialNumber);
    // A machine whose product was deleted is not on the panel list: its buttons do nothing either.
    if (!machine || !(await this.products.find(serialNumber))) throw new AppError('APPLIANCE_NOT_FOUND');
    const refusal = this.act(machine, press);
    if (refusal) throw new AppError(refusalError(refusal));
    return this.panel(serialNumber);
  }

  private act(machine: VirtualDishwasher, press: TPanelPress): TPanelRefusal | null {
    const model = machine.model;
    switch (press.button) {
      case 'power-on':
        return model.panelPowerOn();
      case 'power-off':
        return model.powerOff();
      case 'start':
        return model.startCycle(press.cycleType);
      case 'stop':
        return model.stopCycle();
      case 'open-door':
        model.openDoor();
        return null;
      case 'close-door':
        model.closeDoor();
        return null;
      case 'show-code': {
        const shown = model.panelShowCode();
        return typeof shown === 'string' ? shown : null;
      }
      case 'raise-alarm':
        // Only what this range can send: another range's code would be refused by the alarm register.
        if (!alarmsFor(machine.gamma).some((alarm) => alarm.code === press.code)) {
          throw new AppError('VALIDATION_FAILED', { fields: 'body.code' });
        }
        machine.raiseAlarm(press.code);
        return null;
      case 'clear-alarm':
        if (!machine.clearAlarm(press.code)) throw new AppError('NOT_FOUND');
        return null;
    }
  }

  private async describe(machine: VirtualDishwasher): Promise<TPanelMachine | undefined> {
    const product = await this.products.find(machine.serial);
    if (!product) return undefined;
    return {
      serialNumber: machine.serial,
      brand: product.brand,
      gamma: machine.gamma,
      modelNumber: product.modelNumber,
      applianceName: product.applianceName,
      state: machine.stateName,
      online: machine.connected,
    };
  }
}
