import { describe, expect, it } from 'vitest';
import { flattenCatalogue, itChecksCatalogues, type TSameAsEnglishAllowList } from './catalogue-checks';
import {
  CATALOGUE_PART_NAMES,
  CATALOGUE_PARTS,
  cataloguePart,
  catalogues,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_NAMES,
  SERVER_NAMESPACES,
  SUPPORTED_LANGUAGES,
} from './index';

/**
 * Keys whose text may legitimately be the same as the English one, and in which languages.
 * Only proper names, language endonyms, codes and acronyms, units, technical loanwords that are
 * the standard term in that language, and words spelt the same in both languages.
 * A key prefix ending in '.' covers every key under it.
 */
const SAME_AS_ENGLISH_ALLOWED: TSameAsEnglishAllowList = {
  // Codes, acronyms, product and technology names.
  'common.ok': ['it', 'fr', 'de'],
  'layout.breadcrumbs.haccp': ['it', 'fr', 'de'],
  'mobile.machine.haccp': ['it', 'fr', 'de'],
  'device.fields.fw00': ['it', 'fr', 'de', 'es'],
  'device.fields.fw02': ['it', 'fr', 'de', 'es'],
  'admin.addProduct.fw00': ['it', 'fr', 'de', 'es'],
  'admin.addProduct.fw02': ['it', 'fr', 'de', 'es'],
  'admin.defaultParameters.id': ['it', 'fr', 'de', 'es'],
  'mobile.home.filters.bluetooth': ['it', 'fr', 'de', 'es'],
  'mobile.serviceMenu.pin': ['it', 'de', 'es'],
  'mobile.serviceMenu.signal': ['fr', 'de'],
  'mobile.home.filters.wifi': ['it', 'fr', 'es'],
  'devices.filter.bluetooth': ['it', 'fr', 'de', 'es'],
  'devices.filter.wifi': ['it', 'fr', 'es'],
  'devices.filter.offline': ['it', 'de'],
  // The position column's abbreviation, and the boiler: the trade's loanword in Italian and German.
  'device.documents.pdf.position': ['it', 'fr', 'de', 'es'],
  'device.documents.pdf.parts.boiler': ['it', 'de'],
  // Wi-Fi security standards, named the same everywhere.
  'mobile.link.commissioning.securities.wpa2-psk': ['it', 'fr', 'de', 'es'],
  'mobile.link.commissioning.securities.wpa3-sae': ['it', 'fr', 'de', 'es'],
  // The heat dose's acronyms and the Food Code's name (docs/hygiene.md).
  'heatDose.columns.foodCode': ['it', 'fr', 'de', 'es'],
  'heatDose.columns.hueA0': ['it', 'fr', 'de', 'es'],
  'heatDose.hue': ['it', 'fr', 'de', 'es'],
  'heatDose.a0': ['it', 'fr', 'de', 'es'],
  'heatDose.short.hue': ['it', 'fr', 'de', 'es'],
  'temperatureHistory.range': ['it', 'fr', 'de', 'es'],
  'temperatureHistory.volumes': ['fr'],
  'temperatureHistory.cycles': ['fr'],
  'notifications.title': ['fr'],
  // Standard loanwords in the target language.
  'login.signin.email': ['it', 'fr'],
  'register.step1.email': ['it', 'fr'],
  'login.forgot.email': ['it', 'fr'],
  'profile.email': ['it', 'fr'],
  'device.assistance.email': ['it', 'fr'],
  'pendingUsers.columns.email': ['it', 'fr'],
  'admin.users.email': ['it', 'fr'],
  'mobile.customers.email': ['it', 'fr'],
  'login.signin.password': ['it'],
  'register.step1.password': ['it'],
  'demoPanel.display': ['it'],
  'devices.status.online': ['it', 'de'],
  'devices.status.offline': ['it', 'de'],
  'mobile.home.filters.offline': ['it', 'de'],
  // Words spelt the same as in English.
  'mobile.customers.machinesCount_one': ['fr'],
  'mobile.customers.machinesCount_other': ['fr'],
  'mobile.customers.machine': ['fr'],
  'mobile.settingsProfiles.machine': ['fr'],
  'mobile.settingsProfiles.parameter': ['de'],
  'device.statistics.usageSeries.totalCycles': ['fr'],
  'register.step4.no': ['it', 'es'],
  'register.step7.no': ['it', 'es'],
  'dialog.errorTitle': ['es'],
  'errorPages.error.title': ['es'],
  'cycles.eco': ['it', 'es'],
  'cycles.long': ['fr'],
  'cycles.regeneration': ['de'],
  'toggles.absent': ['fr'],
  'layout.menu.administration': ['fr'],
  'admin.title': ['fr'],
  'layout.layoutMode.horizontal': ['fr', 'es'],
  'roles.ADMIN': ['de'],
  'device.fields.revision': ['de'],
  'admin.import.columns.revision': ['de'],
  'admin.defaultParameters.code': ['fr', 'de'],
  'haccp.columns.parameterName': ['de'],
  'parameters.columns.name': ['de'],
  'units.imperial': ['es'],
  // The weekly report: words French and German share with English.
  'mail.weeklyReport.machine': ['fr'],
  'mail.weeklyReport.colCycles': ['fr'],
  'mail.weeklyReport.offline': ['de'],
  'mail.weeklyReport.colOffline': ['de'],
  // Country names spelt the same.
  'countries.FR': ['fr'],
  // The companion's navigation and offline badge: words Italian, French and German take from English.
  'mobile.nav.account': ['it'],
  'mobile.nav.machines': ['fr'],
  'mobile.machine.modifyCycles': ['fr'],
  'mobile.offline.badge': ['it', 'de'],
};

describe('translation catalogue', () => {
  it('covers exactly the supported languages, Italian first and default', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    expect(SUPPORTED_LANGUAGES).toEqual(['it', 'en', 'fr', 'de', 'es']);
    expect(DEFAULT_LANGUAGE).toBe('it');
    expect(SUPPORTED_LANGUAGES.every(isLanguage)).toBe(true);
    expect(['nl', 'IT', '', undefined, 3].some(isLanguage)).toBe(false);
  });

  it('has a reasonably complete English reference', () => {
    expect(flattenCatalogue(catalogues.en).size).toBeGreaterThan(500);
  });

  itChecksCatalogues(catalogues, SAME_AS_ENGLISH_ALLOWED);

  it('names every language in that language, once for all catalogues', () => {
    expect(Object.keys(LANGUAGE_NAMES)).toEqual([...SUPPORTED_LANGUAGES]);
    expect(LANGUAGE_NAMES).toEqual({ it: 'Italiano', en: 'English', fr: 'Français', de: 'Deutsch', es: 'Español' });
  });

  it('holds the texts other code relies on', () => {
    expect(catalogues.en.common.loading).toBe('Loading…');
    expect(catalogues.en.layout.footer).toBe('© {{year}} {{brand}}. All rights reserved.');
    expect(catalogues.en.login.signin.invalidCredentials).toBe('Credentials not valid');
    expect(catalogues.en.validation.valueNotAllowed).toBe('Value not allowed (insert a correct value)');
    expect(catalogues.en.apiErrors.BRAND_REQUIRED).toBe('The X-Brand header is missing');
    expect(catalogues.en.machineState.IDLE).toBe('READY');
    for (const lang of SUPPORTED_LANGUAGES) {
      expect(catalogues[lang].mail.pendingApproval.body).toMatch(/3/);
      expect(catalogues[lang].apiErrors.ACCOUNT_PENDING_APPROVAL).toMatch(/3/);
    }
  });

  it('splits into parts for the browser that hold every namespace once, and none of the server’s', () => {
    const inParts = CATALOGUE_PART_NAMES.flatMap((part) => [...CATALOGUE_PARTS[part]]);
    expect(new Set(inParts).size).toBe(inParts.length);
    expect([...inParts, ...SERVER_NAMESPACES].sort()).toEqual(Object.keys(catalogues.en).sort());
    for (const lang of SUPPORTED_LANGUAGES) {
      const merged = Object.assign({}, ...CATALOGUE_PART_NAMES.map((part) => cataloguePart(catalogues[lang], part))) as object;
      const { mail: _mail, unsubscribe: _unsubscribe, ...browser } = catalogues[lang];
      expect(merged).toEqual(browser);
    }
  });
});
