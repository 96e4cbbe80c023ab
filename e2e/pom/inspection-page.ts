import type { Download, Page, Response } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/** An inspector link's page (/inspect/{token}): one machine's HACCP record, read-only, without an account. */
export class InspectionPage {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage,
  ) {}

  get text() {
    return catalogues[this.lang];
  }

  /** Opens the page and waits for the record or the refusal; answers the page's own response. */
  async goto(url: string): Promise<Response | null> {
    const response = await this.page.goto(url);
    await this.page
      .getByRole('heading', { name: this.text.inspection.title })
      .or(this.unavailable())
      .waitFor({ timeout: 30_000 });
    return response;
  }

  tab(tab: 'events' | 'alarms' | 'verification') {
    const names = {
      events: this.text.haccp.tabs.events,
      alarms: this.text.haccp.tabs.alarms,
      verification: this.text.inspection.verification,
    };
    return this.page.getByRole('tab', { name: names[tab] });
  }

  eventsTable() {
    return this.page.getByRole('table', { name: this.text.haccp.tabs.events });
  }

  /** The events as cards (a list), on a phone. */
  eventCards() {
    return this.page.getByRole('list', { name: this.text.haccp.tabs.events });
  }

  /** Rows (cards on a phone) of the events. */
  eventRows() {
    return this.eventsTable().or(this.eventCards()).locator('[data-verdict]');
  }

  /** The verdict of the record's verification above the tables. */
  verdict() {
    return this.page.locator('[data-verified]');
  }

  /** Clicks one of the files to keep (the events report as PDF, …) and answers the download it starts. */
  async export(report: 'events' | 'alarms' | 'eventsCsv' | 'alarmsCsv'): Promise<Download> {
    const names = {
      events: this.text.haccp.exportEvents,
      alarms: this.text.haccp.exportAlarms,
      eventsCsv: this.text.haccp.exportEventsCsv,
      alarmsCsv: this.text.haccp.exportAlarmsCsv,
    };
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: names[report] }).click(),
    ]);
    return download;
  }

  /** The page of a link that does not open. */
  unavailable() {
    return this.page.getByTestId('inspection-unavailable');
  }
}
