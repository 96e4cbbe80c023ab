import { DeviceScreen } from './device-screen';

type TTab = 'details' | 'statistics' | 'alarms' | 'documents' | 'firmware' | 'thresholds';

/** The device details page (/device/{serialNumber}): header actions, live state, section tabs. */
export class DeviceDetailsPage extends DeviceScreen {
  async goto(baseUrl: string, serialNumber: string): Promise<void> {
    await this.page.goto(`${baseUrl}/device/${serialNumber}`);
    await this.tab('details').waitFor();
  }

  tab(tab: TTab) {
    const names: Record<TTab, string> = {
      details: this.text.device.sections.details,
      statistics: this.text.device.sections.statistics,
      alarms: this.text.alarmRegister.title,
      documents: this.text.device.sections.documents,
      firmware: this.text.device.sections.firmware,
      thresholds: this.text.thresholds.title,
    };
    return this.page.getByRole('tab', { name: names[tab] });
  }

  async open(tab: TTab): Promise<void> {
    await this.tab(tab).click();
  }

  /** The appliance name, the heading of the identity card. */
  nameHeading(applianceName: string) {
    return this.page.getByRole('heading', { name: applianceName, exact: true });
  }

  field(testId: string) {
    return this.page.getByTestId(testId);
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Renames through the modal; answers the modal for assertions on its validation. */
  async rename(newName: string) {
    await this.button(this.text.device.actions.rename).click();
    const modal = this.page.getByRole('dialog', { name: this.text.device.actions.renameTitle });
    await modal.getByLabel(this.text.device.actions.newName).fill(newName);
    await modal.getByRole('button', { name: this.text.common.save }).click();
    return modal;
  }

  alarmRegister() {
    return this.page.getByRole('table', { name: this.text.alarmRegister.title });
  }

  /** A usage bar chart of the statistics tab, by its title ("Acqua al giorno"): a list of one bar per period. */
  usageChart(title: string) {
    return this.page.getByRole('list', { name: title, exact: true });
  }

  /** The bars' names, oldest first: "dd/mm/yyyy: 300 l". */
  async usageBars(title: string): Promise<string[]> {
    const bars = await this.usageChart(title).getByRole('listitem').all();
    return Promise.all(bars.map(async (bar) => (await bar.getAttribute('aria-label')) ?? ''));
  }

  /** Chooses bars per day or per week. */
  async usagePer(period: 'day' | 'week'): Promise<void> {
    const statistics = this.text.device.statistics;
    const name = period === 'day' ? statistics.perDay : statistics.perWeek;
    // Mantine's segmented control hides its radio inputs behind their labels: click what a user sees.
    await this.page.getByText(name, { exact: true }).click();
  }

  alarmRow(code: string) {
    return this.page.getByTestId(`alarm-${code}`);
  }

  /** Acknowledges the open alarm `code` through its dialog, with `note` if given. */
  async acknowledgeAlarm(code: string, note = ''): Promise<void> {
    const register = this.text.alarmRegister;
    await this.alarmRow(code).getByRole('button', { name: register.acknowledge }).click();
    const dialog = this.page.getByRole('dialog', { name: register.acknowledgeTitle.replace('{{code}}', code) });
    if (note) await dialog.getByLabel(register.note).fill(note);
    await dialog.getByRole('button', { name: register.acknowledge }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Assigns the open alarm `code` to the person named `name` through its dialog. */
  async assignAlarm(code: string, name: string): Promise<void> {
    const register = this.text.alarmRegister;
    await this.alarmRow(code).getByRole('button', { name: register.assign }).click();
    const dialog = this.page.getByRole('dialog', { name: register.assignTitle.replace('{{code}}', code) });
    await dialog.getByRole('combobox', { name: register.assignee }).click();
    await this.page.getByRole('option', { name, exact: true }).click();
    await dialog.getByRole('button', { name: register.assign }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  firmwareBar() {
    return this.page.getByRole('progressbar', { name: this.text.firmware.inProgress });
  }

  async firmwarePercent(): Promise<number> {
    if ((await this.firmwareBar().count()) === 0) return -1;
    return Number((await this.firmwareBar().getAttribute('aria-valuenow')) ?? -1);
  }
}
