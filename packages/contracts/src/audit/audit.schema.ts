import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZES, AUDIT_TARGET_KINDS, type TAuditAction } from './audit';

const ZInstant = z.iso.datetime({ offset: true });
export const ZAuditAction = z.enum(AUDIT_ACTIONS as [TAuditAction, ...TAuditAction[]]);

/**
 * GET /api/v1/audit and /api/v1/audit.csv: the filters (all optional, combined with "and").
 * `account` is an e-mail address: records it made or that concern its account; `serial` a machine;
 * `from`/`to` instants (ISO 8601 with offset), both included. Pages are numbered from 1.
 */
const ZAuditFilterFields = z.object({
  account: z.string().trim().toLowerCase().min(1).max(254).optional(),
  serial: z.string().trim().min(1).max(64).optional(),
  action: ZAuditAction.optional(),
  from: ZInstant.optional(),
  to: ZInstant.optional(),
});
const fromBeforeTo = (q: { from?: string; to?: string }) => !q.from || !q.to || new Date(q.from) <= new Date(q.to);
const FROM_AFTER_TO = { message: 'from after to', path: ['from'] };

export const ZAuditFilter = ZAuditFilterFields.refine(fromBeforeTo, FROM_AFTER_TO);
export type TAuditFilter = z.output<typeof ZAuditFilter>;

export const ZAuditPageQuery = ZAuditFilterFields.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n), 'page size')
    .default(25),
}).refine(fromBeforeTo, FROM_AFTER_TO);
export type TAuditPageQuery = z.input<typeof ZAuditPageQuery>;

/** A JSON value recorded before or after a change (what the server knew). */
const ZAuditValue = z.record(z.string(), z.unknown()).nullable();

/** One record of the audit trail. */
export const ZAuditRecord = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actorId: z.string().nullable(),
    actorEmail: z.string(),
    action: ZAuditAction,
    targetKind: z.enum(AUDIT_TARGET_KINDS),
    targetId: z.string(),
    /** How the target read when the action was made: an account's e-mail, a company's name, a serial number. */
    targetLabel: z.string(),
    before: ZAuditValue,
    after: ZAuditValue,
    requestId: z.string().nullable(),
  })
  .meta({ id: 'AuditRecord' });
export type TAuditRecord = z.infer<typeof ZAuditRecord>;

export const ZAuditPage = z
  .object({ items: z.array(ZAuditRecord), total: z.number().int(), page: z.number().int(), size: z.number().int() })
  .meta({ id: 'AuditPage' });
export type TAuditPage = z.infer<typeof ZAuditPage>;
