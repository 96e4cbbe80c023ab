export const ROLES = ['ADMIN', 'SERVICE_MANAGER', 'SERVICE', 'KITCHEN_MANAGER'] as const;
export type TRole = (typeof ROLES)[number];

export const ADMIN_PROFILES = ['ADD_PRODUCTS', 'ACCOUNTS', 'PRODUCTS', 'COMPANIES'] as const;
export type TAdminProfile = (typeof ADMIN_PROFILES)[number];

export const USER_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING_APPROVAL', 'DELETED'] as const;
export type TUserStatus = (typeof USER_STATUSES)[number];

/** The session's view of who is signed in (the spec's "userdata"). */
export type TUserData = {
  idpUserId: string;
  email: string;
  role: TRole;
  administrationProfile: TAdminProfile[];
};

/** A stored value that has the shape of TUserData (read back from the browser's storage). */
export function isUserData(value: unknown): value is TUserData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.idpUserId === 'string' &&
    typeof v.email === 'string' &&
    (ROLES as readonly unknown[]).includes(v.role) &&
    Array.isArray(v.administrationProfile) &&
    v.administrationProfile.every((p) => (ADMIN_PROFILES as readonly unknown[]).includes(p))
  );
}

/** Authorizations (/pendingusers): deciding on the registrations of service technicians. */
export function canAuthorize(user: Pick<TUserData, 'role'>): boolean {
  return user.role === 'ADMIN' || user.role === 'SERVICE_MANAGER';
}

/** Factory parameters (catalogue `kind: factory`): reading them on their page and writing them. */
export function canEditFactoryParameters(user: Pick<TUserData, 'role'>): boolean {
  return user.role === 'ADMIN' || user.role === 'SERVICE_MANAGER';
}

/** The roles of the service: technicians, their managers and admins. */
export const SERVICE_ROLES = ['SERVICE', 'SERVICE_MANAGER', 'ADMIN'] as const satisfies readonly TRole[];

/** Whether `role` is a service role (sets a service PIN, opens the service menu: docs/service-menu.md). */
export function isServiceRole(role: TRole): boolean {
  return (SERVICE_ROLES as readonly TRole[]).includes(role);
}

/** Customers and settings profiles (docs/customers.md): the service roles for their companies, ADMIN for the brand's. */
export function canManageCustomers(user: Pick<TUserData, 'role'>): boolean {
  return isServiceRole(user.role);
}

/** An administration profile's tab and calls: an admin, or a holder of that profile. */
export function hasAdminProfile(user: Pick<TUserData, 'role' | 'administrationProfile'>, profile: TAdminProfile): boolean {
  return user.role === 'ADMIN' || user.administrationProfile.includes(profile);
}

/** Signup codes for new service partners, and what only an administrator does. */
export function isAdministrator(user: Pick<TUserData, 'role'>): boolean {
  return user.role === 'ADMIN';
}

/** Administration (/adminhome): an admin, or anyone holding at least one administration profile. */
export function canAdminister(user: Pick<TUserData, 'role' | 'administrationProfile'>): boolean {
  return user.role === 'ADMIN' || user.administrationProfile.length > 0;
}

/**
 * A machine's threshold notification settings (docs/notifications.md): its service — SERVICE and
 * SERVICE_MANAGER accounts who see it — and the brand's ADMINs; not kitchen managers.
 */
export function canEditThresholds(user: Pick<TUserData, 'role'>): boolean {
  return isServiceRole(user.role);
}

/** A correction to the HACCP record (docs/hygiene.md): the service and the administrator, never the kitchen. */
export function canCorrectHaccp(user: Pick<TUserData, 'role'>): boolean {
  return isServiceRole(user.role);
}

/**
 * Inspector links to a machine's HACCP record (docs/hygiene.md, "Inspector links"): created, listed
 * and revoked by its owner side — the kitchen manager who claimed it — and by the service (the
 * service roles who see it, the brand's ADMINs); not by an account that merely sees it, such as a
 * kitchen manager linked to the customer the machine is assigned to.
 */
export function canShareHaccp(user: Pick<TUserData, 'role'>, ownsMachine: boolean): boolean {
  return ownsMachine || isServiceRole(user.role);
}

/**
 * The local link (docs/local-link.md): commissioning a machine (its broker credentials) and carrying
 * its HACCP records home are the service's — a kitchen manager gets neither.
 */
export function canUseLocalLink(user: Pick<TUserData, 'role'>): boolean {
  return isServiceRole(user.role);
}
