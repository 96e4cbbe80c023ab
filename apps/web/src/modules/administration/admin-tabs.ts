import { hasAdminProfile, isAdministrator, type TAdminProfile, type TUserData } from '@washboard/contracts';

/**
 * The administration's tabs (spec §2): each shown to an ADMIN or a holder of its profile; the audit
 * trail (profile null) to an ADMIN only.
 */
export const ADMIN_TABS = [
  { slug: 'add-products', profile: 'ADD_PRODUCTS', label: 'admin.tabs.addProducts' },
  { slug: 'accounts', profile: 'ACCOUNTS', label: 'admin.tabs.accounts' },
  { slug: 'products', profile: 'PRODUCTS', label: 'admin.tabs.manageProducts' },
  { slug: 'companies', profile: 'COMPANIES', label: 'admin.tabs.manageCompanies' },
  { slug: 'audit', profile: null, label: 'admin.tabs.audit' },
] as const satisfies readonly { slug: string; profile: TAdminProfile | null; label: string }[];

export type TAdminTab = (typeof ADMIN_TABS)[number];
export type TAdminTabSlug = TAdminTab['slug'];

/** The tabs `user` may open, in the spec's order. */
export function tabsFor(user: Pick<TUserData, 'role' | 'administrationProfile'>): TAdminTab[] {
  return ADMIN_TABS.filter((tab) => (tab.profile === null ? isAdministrator(user) : hasAdminProfile(user, tab.profile)));
}

/** The tab the address asks for when the user may open it, else the user's first. */
export function chosenTab(tabs: TAdminTab[], asked: string | null): TAdminTab | undefined {
  return tabs.find((tab) => tab.slug === asked) ?? tabs[0];
}
