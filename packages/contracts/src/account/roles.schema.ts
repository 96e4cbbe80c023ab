import { z } from 'zod';
import { ADMIN_PROFILES, ROLES, USER_STATUSES } from './roles';

export const ZRole = z.enum(ROLES);
export const ZAdminProfile = z.enum(ADMIN_PROFILES);
export const ZUserStatus = z.enum(USER_STATUSES);

/** The session's view of who is signed in (the spec's "userdata"). */
export const ZUserData = z
  .object({
    idpUserId: z.string(),
    email: z.string(),
    role: ZRole,
    administrationProfile: z.array(ZAdminProfile),
  })
  .meta({ id: 'UserData' });
