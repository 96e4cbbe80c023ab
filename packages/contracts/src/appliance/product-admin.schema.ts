import { z } from 'zod';
import { ROLES } from '../account/roles';
import { ZAdminPageFields, ZPendingUser } from '../account/account.schema';
import { BRAND_CODES } from '../brand/brands';
import { GAMMAS } from './gamma';

/** Columns the Manage Products table sorts by (email, name and role: the owner's; company: the service company's name). */
export const ADMIN_PRODUCT_SORTS = [
  'serialNumber',
  'modelNumber',
  'gamma',
  'brand',
  'email',
  'name',
  'company',
  'role',
  'productName',
] as const;
export type TAdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/**
 * GET /api/v1/appliance/products (ADMIN or PRODUCTS): the brand's products one page at a time,
 * searched (every word of `q` in some column), sorted and counted in SQL. Pages are numbered from 1.
 */
export const ZAdminProductsPageQuery = z.object({
  q: z.string().trim().max(100).optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default('serialNumber'),
  ...ZAdminPageFields,
});
export type TAdminProductsPageQuery = z.input<typeof ZAdminProductsPageQuery>;

/** One row of the Manage Products table (spec §2 Administration): the product, its owner and its service company. */
export const ZAdminProduct = z
  .object({
    serialNumber: z.string(),
    modelNumber: z.string(),
    gamma: z.enum(GAMMAS),
    brand: z.enum(BRAND_CODES),
    /** The account that claimed it (its owner), if any. */
    userId: z.string().nullable(),
    userEmail: z.string().nullable(),
    userFirstName: z.string().nullable(),
    userLastName: z.string().nullable(),
    role: z.enum(ROLES).nullable(),
    /** The service company that looks after it, if any. */
    companyCode: z.string().nullable(),
    companyName: z.string().nullable(),
    productName: z.string().nullable(),
  })
  .meta({ id: 'AdminProduct' });
export type TAdminProduct = z.infer<typeof ZAdminProduct>;

export const ZAdminProductsPage = z
  .object({ items: z.array(ZAdminProduct), total: z.number().int(), page: z.number().int(), size: z.number().int() })
  .meta({ id: 'AdminProductsPage' });
export type TAdminProductsPage = z.infer<typeof ZAdminProductsPage>;

/** GET /api/v1/appliance/products/accounts?q=: accounts a product may be claimed for, found as the operator types. */
export const ZClaimCandidatesQuery = z.object({ q: z.string().trim().max(100).optional() });

/** Most accounts the claim picker offers at once: the operator types more to narrow them. */
export const CLAIM_CANDIDATES_LIMIT = 10;

/** An account offered by the claim picker: a kitchen manager, or a service user (its company takes the machine). */
export const ZClaimCandidate = ZPendingUser.pick({
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  companyName: true,
}).meta({ id: 'ClaimCandidate' });
export type TClaimCandidate = z.infer<typeof ZClaimCandidate>;
