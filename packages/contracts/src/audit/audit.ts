import { COMMAND_NAMES, type TCommandName } from '../device/commands';

/**
 * What the audit trail records (docs/administration.md, "Audit trail"): every administration action
 * and every remote command, one closed list. A new recorded action is added here, with its label in
 * the five catalogues (`audit.actions.<action>`), and recorded with `AuditService.record` on the
 * server; values nothing records are not listed.
 */
export const ADMINISTRATION_AUDIT_ACTIONS = [
  'account.role',
  'account.company',
  'account.profiles',
  'account.activate',
  'account.delete',
  'company.create',
  'company.rename',
  'company.delete',
  'product.add',
  'product.import',
  'product.claim',
  'product.unclaim',
  'product.delete',
  'product.commission',
  'product.board-replace',
  'product.board-restore',
  'defaults.set',
  'defaults.reset',
  'alarm.acknowledge',
  'alarm.assign',
  'thresholds.set',
  'haccp.link-create',
  'haccp.link-revoke',
  'service.pin-set',
  'service.pin-reset',
  'service.pin-locked',
] as const;

/** A remote command's action: `command.` and the device registry's command name (each command is recorded). */
export type TCommandAuditAction = `command.${TCommandName}`;

export function commandAuditAction(name: TCommandName): TCommandAuditAction {
  return `command.${name}`;
}

export type TAuditAction = (typeof ADMINISTRATION_AUDIT_ACTIONS)[number] | TCommandAuditAction;

export const AUDIT_ACTIONS: readonly TAuditAction[] = [...ADMINISTRATION_AUDIT_ACTIONS, ...COMMAND_NAMES.map(commandAuditAction)];

/**
 * What an action was done to: an account (its id), a company (its code), a machine (its serial
 * number), a model (`range/model number`, whose default parameter list was edited) or a CSV import
 * (its id, which each product it added keeps).
 */
export const AUDIT_TARGET_KINDS = ['account', 'company', 'product', 'model', 'import'] as const;
export type TAuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** Page sizes of the audit table. */
export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;
