import { z } from 'zod';
import { ADMIN_PROFILES, ROLES, USER_STATUSES } from './roles';
import { ZAdminProfile, ZRole } from './roles.schema';
import { COMPANY_CODE_LENGTH, EMAIL_PATTERN, NAME_MIN_LENGTH, PASSWORD_PATTERN, VERIFICATION_CODE_LENGTH } from './account.rules';
import { SUPPORTED_LANGUAGES } from '../i18n/languages';
import { ZTimeZone } from '../device/protocol.schema';

/** Longer than 254 characters is refused before the pattern is tried (`abort`: zod 4 goes on by default). */
export const ZEmail = z.string().trim().max(254, { abort: true }).regex(EMAIL_PATTERN, 'wrong email');
export const ZPassword = z.string().max(200).regex(PASSWORD_PATTERN, 'password rule');
export const ZName = z.string().trim().min(NAME_MIN_LENGTH).max(100);
export const ZCompanyCode = z.string().regex(new RegExp(`^\\d{${COMPANY_CODE_LENGTH}}$`), 'six digits');
export const ZVerificationCode = z.string().regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), 'four digits');
export const ZLanguage = z.enum(SUPPORTED_LANGUAGES);
/** A language as the spec sends it: `it`, or a locale code such as `it_IT` / `it-IT`. */
export const ZLanguageOrLocale = z
  .string()
  .transform((v) => v.slice(0, 2).toLowerCase())
  .pipe(ZLanguage);

/** The `{"code": "200"}` answer the spec expects from account calls. */
export const ZCodeResponse = z.object({ code: z.literal('200'), message: z.string().optional() }).meta({ id: 'CodeResponse' });
export type TCodeResponse = z.infer<typeof ZCodeResponse>;

export const ZUserDetails = z.object({
  tnc: z.object({ check_1: z.literal(true), check_2: z.literal(true) }),
  privacy: z.object({ check_1: z.literal(true), check_2: z.boolean() }),
});

/** Registration roles (admins are never self-registered). */
export const ZRegistrationRole = z.enum(['KITCHEN_MANAGER', 'SERVICE', 'SERVICE_MANAGER']);

/**
 * POST /api/v2/account/users. KITCHEN_MANAGER: no code. SERVICE: `companyCode` of an existing
 * company. SERVICE_MANAGER: `parentCompanyCode` (service partner) or `signupCode`, and `companyName`.
 */
export const ZRegistrationRequest = z
  .object({
    firstName: ZName,
    lastName: ZName,
    companyName: z.string().trim().max(120).optional(),
    email: ZEmail,
    password: ZPassword,
    role: ZRegistrationRole,
    language: ZLanguageOrLocale,
    userDetails: ZUserDetails,
    companyCode: ZCompanyCode.optional(),
    parentCompanyCode: ZCompanyCode.optional(),
    signupCode: ZCompanyCode.optional(),
  })
  .superRefine((r, ctx) => {
    const need = (field: 'companyCode' | 'parentCompanyCode' | 'companyName', when: boolean) => {
      if (when && !r[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'required for this role' });
    };
    need('companyCode', r.role === 'SERVICE');
    if (r.role === 'SERVICE_MANAGER' && !r.parentCompanyCode && !r.signupCode) {
      ctx.addIssue({ code: 'custom', path: ['parentCompanyCode'], message: 'parentCompanyCode or signupCode required' });
    }
    need('companyName', r.role === 'SERVICE_MANAGER');
  })
  .meta({ id: 'RegistrationRequest' });
export type TRegistrationRequest = z.infer<typeof ZRegistrationRequest>;

export const ZSendVerificationCodeQuery = z.object({ mail: ZEmail });
export const ZCheckVerificationCodeQuery = z.object({ mail: ZEmail, code: ZVerificationCode });

/** POST /api/v2/account/changePassword/{id}: `id` is the e-mail; token and password travel in headers. */
export const ZChangePasswordHeaders = z.object({ verificationcode: z.string().min(16).max(200), newpassword: ZPassword });

/** PATCH /api/v1/account/users/password */
export const ZPasswordChangeRequest = z
  .object({ currentPassword: z.string().min(1).max(200), newPassword: ZPassword })
  .meta({ id: 'PasswordChangeRequest' });

/** The signed-in user's profile (GET userinfo). */
export const ZUserProfile = z
  .object({
    idpUserId: z.string(),
    email: z.string(),
    brand: z.string(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    administrationProfile: z.array(z.enum(ADMIN_PROFILES)),
    companyCode: z.string().nullable(),
    companyName: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    address: z.string().nullable(),
    houseNumber: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
    /** the IANA zone the weekly report is timed and dated in; null: the country's */
    timeZone: z.string().nullable(),
    phone: z.string().nullable(),
    mobile: z.string().nullable(),
    language: ZLanguage,
    weeklyReport: z.boolean(),
    thresholdNotifications: z.boolean(),
    alarmNotifications: z.boolean(),
    userDetails: z.unknown().nullable(),
  })
  .meta({ id: 'UserProfile' });
export type TUserProfile = z.infer<typeof ZUserProfile>;

const optionalText = (max: number, pattern?: RegExp) => {
  const base = z.string().trim().max(max);
  return (pattern ? base.regex(pattern) : base).nullable().optional();
};

/** POST /api/v1/account/updateUser: the profile screen's fields, the three flags and the language. */
export const ZUpdateUserRequest = z
  .object({
    firstName: ZName,
    lastName: ZName,
    address: optionalText(200),
    houseNumber: optionalText(20),
    city: optionalText(100),
    postalCode: optionalText(16, /^[A-Za-z0-9 -]*$/),
    country: optionalText(2, /^([A-Z]{2})?$/),
    /** null: the weekly report follows the country's time zone; absent: unchanged */
    timeZone: ZTimeZone.nullable().optional(),
    phone: optionalText(30, /^[+0-9 ()/-]*$/),
    mobile: optionalText(30, /^[+0-9 ()/-]*$/),
    weeklyReport: z.boolean(),
    thresholdNotifications: z.boolean(),
    alarmNotifications: z.boolean(),
    language: ZLanguageOrLocale,
  })
  .meta({ id: 'UpdateUserRequest' });
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

/** One row of GET /api/v1/account/pendingUsers. */
export const ZPendingUser = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(ROLES),
    companyName: z.string().nullable(),
    companyCode: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PendingUser' });
export type TPendingUser = z.infer<typeof ZPendingUser>;

/** GET /api/v1/account/activateService */
export const ZActivateServiceQuery = z.object({
  pendingUserId: z.uuid(),
  accepted: z.enum(['true', 'false']).transform((v) => v === 'true'),
  role: z.enum(['SERVICE', 'SERVICE_MANAGER']).optional(),
});

/** The token endpoint's answer (DESIGN.md §3). */
export const ZTokenResponse = z
  .object({
    access_token: z.string(),
    /** In the body for the mobile client; the web app gets it as an HttpOnly cookie instead. */
    refresh_token: z.string().optional(),
    id_token: z.string(),
    expires_in: z.number(),
    token_type: z.literal('Bearer'),
    scope: z.string(),
  })
  .meta({ id: 'TokenResponse' });
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/** POST /api/v1/account/signup-codes (ADMIN): a one-time code for a new service partner (wizard step 9). */
export const ZSignupCodeResponse = z
  .object({ signupCode: ZCompanyCode, expiresAt: z.string() })
  .meta({ id: 'SignupCodeResponse' });

/** A company's display name (registration step 1's company field, creation and rename). */
export const ZCompanyName = z.string().trim().min(NAME_MIN_LENGTH).max(120);

/** A company as the account calls show it: `parentCode` is the code of its service partner. */
export const ZCompany = z
  .object({ code: z.string(), name: z.string(), parentCode: z.string().nullable() })
  .meta({ id: 'Company' });
export type TCompany = z.infer<typeof ZCompany>;

/** POST /api/v1/account/companies (ADMIN or COMPANIES): the code is generated when not given. */
export const ZNewCompanyRequest = z
  .object({ name: ZCompanyName, code: ZCompanyCode.optional(), parentCode: ZCompanyCode.nullable().optional() })
  .meta({ id: 'NewCompanyRequest' });

/** `{id}` of the admin user calls: an account id (a malformed one is a 400, an unknown one a 404). */
export const ZUserIdParams = z.object({ id: z.uuid() });

/** GET /api/v1/account/users: `q` keeps the rows where every word appears in some column. */
export const ZAdminUsersQuery = z.object({ q: z.string().trim().max(100).optional() });

/** One row of the administration's user table (spec §2 Administration). */
export const ZAdminUser = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    status: z.enum(USER_STATUSES),
    companyCode: z.string().nullable(),
    companyName: z.string().nullable(),
    role: z.enum(ROLES),
    country: z.string().nullable(),
    mobile: z.string().nullable(),
    phone: z.string().nullable(),
    administrationProfile: z.array(z.enum(ADMIN_PROFILES)),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** Columns the administration's user table sorts by (company: by its name). */
export const ADMIN_USER_SORTS = ['email', 'firstName', 'lastName', 'status', 'company', 'role', 'country', 'createdAt'] as const;
export type TAdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** Rows per page the user table offers; the server refuses others (a page is one screen). */
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;

/** `page` (from 1) and `size` of an administration table's query, with the order of its sort. */
export const ZAdminPageFields = {
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (ADMIN_PAGE_SIZES as readonly number[]).includes(n), 'page size')
    .default(25),
};

/**
 * GET /api/v1/account/users/page: the user table one page at a time, searched (`q`, as for GET
 * users), filtered by status and role and sorted in SQL. Pages are numbered from 1.
 */
export const ZAdminUsersPageQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(USER_STATUSES).exclude(['DELETED']).optional(),
  role: ZRole.optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('email'),
  ...ZAdminPageFields,
});
export type TAdminUsersPageQuery = z.input<typeof ZAdminUsersPageQuery>;

/** One page of the user table and how many rows the search and filters keep in all. */
export const ZAdminUsersPage = z
  .object({ items: z.array(ZAdminUser), total: z.number().int(), page: z.number().int(), size: z.number().int() })
  .meta({ id: 'AdminUsersPage' });
export type TAdminUsersPage = z.infer<typeof ZAdminUsersPage>;

/** PUT /api/v1/account/users/{id}/updateRole: the company is kept unless `companyCode` is given. */
export const ZUpdateRoleQuery = z.object({ targetRole: ZRole, companyCode: ZCompanyCode.optional() });

/** PUT /api/v1/account/users/{id}/updateCompany */
export const ZUpdateCompanyQuery = z.object({ companyCode: ZCompanyCode });

/**
 * PUT /api/v1/account/users/{id}/administrationProfile: the complete new set (an empty list removes
 * every profile); repeated entries count once.
 */
export const ZAdministrationProfileRequest = z
  .object({
    administrationProfile: z
      .array(ZAdminProfile)
      .max(ADMIN_PROFILES.length)
      .transform((profiles) => [...new Set(profiles)]),
  })
  .meta({ id: 'AdministrationProfileRequest' });
export type TAdministrationProfileRequest = z.infer<typeof ZAdministrationProfileRequest>;

/** `{companyCode}` of PUT and DELETE /api/v1/account/company/{companyCode}. */
export const ZCompanyCodeParams = z.object({ companyCode: ZCompanyCode });

/** PUT /api/v1/account/company/{companyCode}?companyName= (rename). */
export const ZRenameCompanyQuery = z.object({ companyName: ZCompanyName });

/**
 * GET /api/v1/account/company/related: the caller's company, the service partner above it and the
 * companies directly below it; `company` is null for a caller without a company.
 */
export const ZRelatedCompanies = z
  .object({ company: ZCompany.nullable(), parent: ZCompany.nullable(), children: z.array(ZCompany) })
  .meta({ id: 'RelatedCompanies' });
export type TRelatedCompanies = z.infer<typeof ZRelatedCompanies>;

/** A company with every company below it (GET /api/v1/account/company/hierarchy). */
export type TCompanyNode = TCompany & { children: TCompanyNode[] };
export const ZCompanyNode: z.ZodType<TCompanyNode> = z
  .object({
    code: z.string(),
    name: z.string(),
    parentCode: z.string().nullable(),
    get children() {
      return z.array(ZCompanyNode);
    },
  })
  .meta({ id: 'CompanyNode' });

/** The caller's company tree, or for an ADMIN and COMPANIES holders every tree of the brand. */
export const ZCompanyHierarchy = z.array(ZCompanyNode);

/** A company of the administration's tree, with its active accounts and the machines it services. */
export type TCompanyTreeNode = TCompany & { users: number; machines: number; children: TCompanyTreeNode[] };
export const ZCompanyTreeNode: z.ZodType<TCompanyTreeNode> = z
  .object({
    code: z.string(),
    name: z.string(),
    parentCode: z.string().nullable(),
    users: z.number().int(),
    machines: z.number().int(),
    get children() {
      return z.array(ZCompanyTreeNode);
    },
  })
  .meta({ id: 'CompanyTreeNode' });

/** GET /api/v1/account/companies/tree (ADMIN or COMPANIES): every tree of the brand, names sorted. */
export const ZCompanyTree = z.array(ZCompanyTreeNode);
