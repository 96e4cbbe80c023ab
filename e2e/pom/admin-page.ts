import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/** /adminhome: the administration's tabs, the Accounts table and the Manage Companies tree. */
export class AdminPage {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang];
  }

  /** Opens /adminhome (on `tab` when given: add-products, accounts, products, companies). */
  async goto(baseUrl: string, tab?: string): Promise<void> {
    await this.page.goto(`${baseUrl}/adminhome${tab ? `?tab=${tab}` : ''}`);
    await this.page.getByRole('heading', { name: this.text.admin.title, level: 1 }).waitFor();
  }

  tabs() {
    return this.page.getByRole('tab');
  }

  tab(key: keyof (typeof catalogues)['en']['admin']['tabs']) {
    return this.page.getByRole('tab', { name: this.text.admin.tabs[key], exact: true });
  }

  async tabNames(): Promise<string[]> {
    await this.tabs().first().waitFor();
    return this.tabs().allInnerTexts();
  }

  dialog() {
    return this.page.getByRole('dialog');
  }

  /** Confirms the shared dialog with its button `label`. */
  async confirm(label: string): Promise<void> {
    await this.dialog().getByRole('button', { name: label, exact: true }).click();
  }

  // Accounts

  accountsTable() {
    return this.page.getByRole('table', { name: this.text.admin.tabs.accounts });
  }

  search() {
    return this.page.getByLabel(this.text.admin.keywordSearch);
  }

  /** Types a keyword and waits until the table shows only rows containing it. */
  async searchFor(keyword: string): Promise<void> {
    await this.search().fill(keyword);
    await this.page.waitForURL((url) => url.searchParams.get('q') === keyword);
  }

  userRow(email: string) {
    return this.accountsTable()
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: email, exact: true }) });
  }

  roleFilter() {
    return this.page.getByRole('combobox', { name: this.text.admin.users.role, exact: true });
  }

  /** Opens a row's actions menu and picks `item`. */
  async userAction(email: string, item: string): Promise<void> {
    await this.page.getByRole('button', { name: this.text.admin.users.actionsFor.replace('{{email}}', email) }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  // Audit trail

  auditTable() {
    return this.page.getByRole('table', { name: this.text.admin.tabs.audit });
  }

  /** The audit table's rows of the action `label` (its translated name). */
  auditRows(label: string) {
    return this.auditTable()
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) });
  }

  /** Types an account's e-mail into the audit filter and waits until the address carries it. */
  async filterAuditByAccount(email: string): Promise<void> {
    await this.page.getByRole('textbox', { name: this.text.admin.audit.account }).fill(email);
    await this.page.waitForURL((url) => url.searchParams.get('account') === email);
  }

  auditExportButton() {
    return this.page.getByRole('button', { name: this.text.admin.audit.exportCsv });
  }

  // Manage Companies

  companiesTable() {
    return this.page.getByRole('table', { name: this.text.admin.tabs.manageCompanies });
  }

  /** A company's row; its name cell also holds the toggle of the companies below it. */
  companyRow(name: string) {
    return this.companiesTable()
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader').getByText(name, { exact: true }) });
  }

  newCompanyButton() {
    return this.page.getByRole('button', { name: this.text.admin.companies.create, exact: true });
  }

  companyButton(action: 'renameNamed' | 'deleteNamed', name: string) {
    return this.page.getByRole('button', { name: this.text.admin.companies[action].replace('{{name}}', name), exact: true });
  }

  notification(text: string) {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
