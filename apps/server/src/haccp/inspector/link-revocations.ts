import type { AuditService, TAuditActor } from '../../audit/audit.service';
import type { TTransaction } from '../../db/transaction';

/** Why links were revoked other than by hand: their machine changed hands, or their maker's account changed. */
export type TLinkRevocationReason = 'released' | 'creator-changed';

/**
 * One `haccp.link-revoke` audit record for each link revoked, in the revoking transaction `t`, on
 * the link's machine (docs/hygiene.md, "Inspector links").
 */
export async function recordLinkRevocations(
  audit: AuditService,
  t: TTransaction,
  actor: TAuditActor,
  links: readonly { id: string; serialNumber: string; revokedAt: Date | null }[],
  reason: TLinkRevocationReason,
): Promise<void> {
  for (const link of links) {
    const serial = link.serialNumber;
    await audit.record(
      actor,
      {
        action: 'haccp.link-revoke',
        target: { kind: 'product', id: serial, label: serial },
        serialNumber: serial,
        account: null,
        before: { linkId: link.id, revokedAt: null },
        after: { linkId: link.id, revokedAt: link.revokedAt?.toISOString() ?? null, reason },
      },
      t,
    );
  }
}
