import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/** The technician's companion at /app/: landing, phone layout, home list, a machine's screen. */
export class CompanionApp {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  private get texts() {
    return catalogues[this.lang].mobile;
  }

  /** Opens `/app/<path>` and waits for the page to load. */
  async goto(baseUrl: string, path = ''): Promise<void> {
    await this.page.goto(`${baseUrl}/app/${path}`);
  }

  landingSignIn() {
    return this.page.getByRole('link', { name: catalogues[this.lang].companionLanding.login });
  }

  landingRegister() {
    return this.page.getByRole('link', { name: catalogues[this.lang].companionLanding.register });
  }

  homeHeading() {
    return this.page.getByRole('heading', { name: this.texts.home.title });
  }

  /** The bottom navigation. */
  nav() {
    return this.page.getByRole('navigation', { name: this.texts.nav.label });
  }

  navEntry(label: keyof TLanguageNav) {
    return this.nav().getByRole('link', { name: this.texts.nav[label] });
  }

  /** A machine's card in the home list. */
  card(applianceName: string) {
    return this.page.getByRole('article', { name: applianceName, exact: true });
  }

  chip(filter: 'bluetooth' | 'wifi' | 'all' | 'offline') {
    return this.page
      .getByRole('group', { name: catalogues[this.lang].devices.filter.connectivity })
      .getByText(this.texts.home.filters[filter]);
  }

  /** What the Bluetooth chip says in a browser without Web Bluetooth. */
  bluetoothNotice() {
    return this.page.getByText(this.texts.link.problems.unsupported);
  }

  /** "Offline — data from …" of the screen. */
  staleMarker() {
    return this.page.getByTestId('stale-marker');
  }

  offlineBadge() {
    return this.page.getByTestId('offline-badge');
  }

  /**
   * A link to one of the machine's sections, in the machine screen's list of them: the home list's
   * cards link to a machine's alarms by the same name when it has open ones.
   */
  section(label: keyof (typeof catalogues)['it']['mobile']['machine']) {
    return this.page
      .getByRole('navigation', { name: catalogues[this.lang].device.areasLabel })
      .getByRole('link', { name: this.texts.machine[label] });
  }

  /**
   * What IndexedDB holds of the persisted query cache, as text: the plain JSON if it were kept in
   * clear, else its ciphertext decoded; 'nothing' before the first write.
   */
  keptQueryCache(): Promise<string> {
    return this.page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('washboard-companion');
          open.onerror = () => reject(open.error ?? new Error('IndexedDB'));
          open.onsuccess = () => {
            const read = open.result.transaction('query-cache').objectStore('query-cache').get('queries');
            read.onerror = () => reject(read.error ?? new Error('IndexedDB'));
            read.onsuccess = () => {
              const kept = read.result as string | { data: ArrayBuffer } | undefined;
              if (kept === undefined) resolve('nothing');
              else resolve(typeof kept === 'string' ? kept : new TextDecoder().decode(kept.data));
            };
          };
        }),
    );
  }

  /** Whether a service worker controls the page now. */
  controlled(): Promise<boolean> {
    return this.page.evaluate(() => navigator.serviceWorker.controller !== null);
  }
}

type TLanguageNav = (typeof catalogues)['it']['mobile']['nav'];
