import { DeviceScreen } from './device-screen';

/** The remote control screen (/device/{serialNumber}/remote-control). */
export class RemoteControlPage extends DeviceScreen {
  async goto(baseUrl: string, serialNumber: string): Promise<void> {
    await this.page.goto(`${baseUrl}/device/${serialNumber}/remote-control`);
    await this.page.getByText(this.text.remoteControl.warning.title).waitFor();
  }

  warning() {
    return this.page.getByText(this.text.remoteControl.warning.message);
  }

  async acceptWarning(): Promise<void> {
    await this.page.getByRole('button', { name: this.text.remoteControl.warning.accept }).click();
    await this.page.getByText(this.text.remoteControl.active).waitFor();
  }

  state() {
    return this.page.getByTestId('machine-state');
  }

  currentCycle() {
    return this.page.getByTestId('current-cycle');
  }

  progress() {
    return this.page.getByRole('progressbar', { name: this.text.device.live.cycleProgress });
  }

  async progressValue(): Promise<number> {
    return Number((await this.progress().getAttribute('aria-valuenow')) ?? 'NaN');
  }

  cyclePicker() {
    return this.page.getByLabel(this.text.remoteControl.selectCycle);
  }

  button(name: 'startCycle' | 'stopCycle' | 'turnOff' | 'replaceDetergent' | 'replaceRinseAid' | 'disconnect') {
    return this.page.getByRole('main').getByRole('button', { name: this.text.remoteControl[name] });
  }

  /** Confirms the open confirmation dialog with its action button. */
  async confirm(name: 'startCycle' | 'stopCycle' | 'turnOff' | 'replaceDetergent' | 'replaceRinseAid'): Promise<void> {
    await this.dialog().getByRole('button', { name: this.text.remoteControl[name] }).click();
    await this.dialog().waitFor({ state: 'hidden' });
  }
}
