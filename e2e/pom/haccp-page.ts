import type { Download, Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

type THaccpExport = 'events' | 'alarms' | 'eventsCsv' | 'alarmsCsv' | 'telemetryCsv';

/** The HACCP page (/device/{serialNumber}/haccp): period, events and alarms tabs, the two PDF exports. */
export class HaccpPage {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang].haccp;
  }

  async goto(baseUrl: string, serialNumber: string): Promise<void> {
    await this.page.goto(`${baseUrl}/device/${serialNumber}/haccp`);
    // The first visit loads the page's chunks and the device texts.
    await this.tab('events').waitFor({ timeout: 30_000 });
  }

  tab(tab: 'events' | 'alarms') {
    return this.page.getByRole('tab', { name: this.text.tabs[tab] });
  }

  from() {
    return this.page.getByLabel(this.text.from, { exact: true });
  }

  to() {
    return this.page.getByLabel(this.text.to, { exact: true });
  }

  showButton() {
    return this.page.getByRole('button', { name: this.text.show, exact: true });
  }

  eventsTable() {
    return this.page.getByRole('table', { name: this.text.tabs.events });
  }

  /** The events as cards (a list), on a phone. */
  eventCards() {
    return this.page.getByRole('list', { name: this.text.tabs.events });
  }

  alarmsTable() {
    return this.page.getByRole('table', { name: this.text.tabs.alarms });
  }

  /** Rows of the events table (cards on a phone) with this hygiene verdict. */
  eventRows(verdict: 'pass' | 'fail' | 'notApplicable' | 'noData') {
    return this.eventsTable().or(this.eventCards()).locator(`[data-verdict="${verdict}"]`);
  }

  exportButton(report: THaccpExport) {
    const names = {
      events: this.text.exportEvents,
      alarms: this.text.exportAlarms,
      eventsCsv: this.text.exportEventsCsv,
      alarmsCsv: this.text.exportAlarmsCsv,
      telemetryCsv: this.text.exportTelemetryCsv,
    };
    return this.page.getByRole('button', { name: names[report] });
  }

  /** Clicks an export and answers the download it starts. */
  async export(report: THaccpExport): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.exportButton(report).click()]);
    return download;
  }
}
