import { canAdminister, canAuthorize, legalPdfPath, type TUserData } from '@washboard/contracts';
import type { TLanguage } from '@washboard/contracts';
import {
  IconDashboard,
  IconFileText,
  IconLogout,
  IconShieldCheck,
  IconSettings,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';

export type TMenuItem = {
  key: 'dashboard' | 'profile' | 'terms' | 'privacy' | 'administration' | 'authorizations' | 'logout';
  icon: typeof IconDashboard;
  /** An in-app route, or a document opened in a new window, or the logout action. */
  to?: string;
  href?: string;
  action?: 'logout';
  /** Shown at the bottom of the side menu. */
  bottom?: boolean;
};

/** The side menu of the spec, with what this user may see. */
export function menuItems(user: TUserData, lang: TLanguage): TMenuItem[] {
  const items: TMenuItem[] = [
    { key: 'dashboard', icon: IconDashboard, to: '/devices' },
    { key: 'profile', icon: IconUser, to: '/profile' },
    { key: 'terms', icon: IconFileText, href: legalPdfPath('terms', lang) },
    { key: 'privacy', icon: IconShieldLock, href: legalPdfPath('privacy', lang) },
  ];
  if (canAdminister(user)) items.push({ key: 'administration', icon: IconSettings, to: '/adminhome', bottom: true });
  if (canAuthorize(user)) items.push({ key: 'authorizations', icon: IconShieldCheck, to: '/pendingusers', bottom: true });
  items.push({ key: 'logout', icon: IconLogout, action: 'logout', bottom: true });
  return items;
}
