import { describe, expect, it } from 'vitest';
import { chosenTab, tabsFor } from './admin-tabs';

const slugs = (tabs: { slug: string }[]) => tabs.map((t) => t.slug);

describe('tabsFor', () => {
  it('gives an admin all four tabs in the spec order, and the audit trail, whatever profiles it holds', () => {
    expect(slugs(tabsFor({ role: 'ADMIN', administrationProfile: [] }))).toEqual([
      'add-products',
      'accounts',
      'products',
      'companies',
      'audit',
    ]);
  });

  it('never gives the audit trail to anyone but an admin, even holding every profile', () => {
    const all = tabsFor({
      role: 'SERVICE_MANAGER',
      administrationProfile: ['ADD_PRODUCTS', 'ACCOUNTS', 'PRODUCTS', 'COMPANIES'],
    });
    expect(slugs(all)).toEqual(['add-products', 'accounts', 'products', 'companies']);
  });

  it('gives anyone else the tabs of the profiles it holds', () => {
    expect(slugs(tabsFor({ role: 'KITCHEN_MANAGER', administrationProfile: ['COMPANIES', 'ACCOUNTS'] }))).toEqual([
      'accounts',
      'companies',
    ]);
    expect(tabsFor({ role: 'SERVICE_MANAGER', administrationProfile: [] })).toEqual([]);
  });
});

describe('chosenTab', () => {
  const tabs = tabsFor({ role: 'SERVICE', administrationProfile: ['PRODUCTS', 'COMPANIES'] });

  it('opens the tab the address names when the user may open it', () => {
    expect(chosenTab(tabs, 'companies')?.slug).toBe('companies');
  });

  it("opens the user's first tab for a tab it may not open, an unknown one or none", () => {
    for (const asked of ['accounts', 'nonsense', null]) expect(chosenTab(tabs, asked)?.slug).toBe('products');
  });
});
