import { canonicalTimeZone, type TUpdateUserRequest, type TUserProfile } from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import { hashPassword, verifyPassword } from './password';
import type { AccountRepository, TUserWithCompany } from './account.repository';

/** The caller's own account: its profile, the changes it may make to it, its password. */
export class ProfileService {
  constructor(private readonly accounts: AccountRepository) {}

  /** The caller's profile (the userinfo answer); a deleted account has none. */
  async profile(caller: TAuthUser): Promise<TUserProfile> {
    const user = await this.accounts.findById(caller.id);
    if (!user || user.status === 'DELETED') throw new AppError('UNAUTHORIZED');
    return toProfile(user);
  }

  /**
   * Changes the caller's own details, notification flags, language and time zone (kept in the
   * runtime's own spelling, so the scheduler and the picker find it as they list zones).
   */
  async updateProfile(caller: TAuthUser, changes: TUpdateUserRequest): Promise<TUserProfile> {
    const timeZone = changes.timeZone ? { timeZone: canonicalTimeZone(changes.timeZone) } : {};
    await this.accounts.update(caller.id, { ...changes, ...timeZone });
    return this.profile(caller);
  }

  /** Signed-in password change; the current password is required. */
  async changePassword(caller: TAuthUser, currentPassword: string, newPassword: string): Promise<void> {
    const user = await this.accounts.findById(caller.id);
    if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) throw new AppError('INVALID_CREDENTIALS');
    await this.accounts.update(user.id, { passwordHash: await hashPassword(newPassword) });
  }
}

function toProfile(user: TUserWithCompany): TUserProfile {
  return {
    idpUserId: user.id,
    email: user.email,
    brand: user.brand,
    role: user.role,
    status: user.status,
    administrationProfile: user.administrationProfile,
    companyCode: user.companyCode,
    companyName: user.companyName,
    firstName: user.firstName,
    lastName: user.lastName,
    address: user.address,
    houseNumber: user.houseNumber,
    city: user.city,
    postalCode: user.postalCode,
    country: user.country,
    timeZone: user.timeZone,
    phone: user.phone,
    mobile: user.mobile,
    language: user.language,
    weeklyReport: user.weeklyReport,
    thresholdNotifications: user.thresholdNotifications,
    alarmNotifications: user.alarmNotifications,
    userDetails: user.userDetails ?? null,
  };
}
