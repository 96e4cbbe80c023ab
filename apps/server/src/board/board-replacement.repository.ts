import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '../db/database';
import type { TTransaction } from '../db/transaction';
import { applianceStates, boardReplacements } from '../db/schema/index';

export type TBoardReplacement = typeof boardReplacements.$inferSelect;
export type TNewBoardReplacement = typeof boardReplacements.$inferInsert;

/** SQL of main board replacements (`board_replacements`). */
export class BoardReplacementRepository {
  constructor(private readonly db: TDb) {}

  /** The same repository inside the transaction `t`. */
  in(t: TTransaction): BoardReplacementRepository {
    return new BoardReplacementRepository(t.tx);
  }

  /** Records a replacement; answers its id. */
  async insert(replacement: TNewBoardReplacement): Promise<string> {
    const [row] = await this.db.insert(boardReplacements).values(replacement).returning({ id: boardReplacements.id });
    if (!row) throw new Error('board replacement not stored');
    return row.id;
  }

  async find(id: string): Promise<TBoardReplacement | undefined> {
    const [row] = await this.db.select().from(boardReplacements).where(eq(boardReplacements.id, id));
    return row;
  }

  /** The machine's latest replacement, if any. */
  async latest(serialNumber: string): Promise<TBoardReplacement | undefined> {
    const [row] = await this.db
      .select()
      .from(boardReplacements)
      .where(eq(boardReplacements.serialNumber, serialNumber))
      .orderBy(desc(boardReplacements.replacedAt), desc(boardReplacements.id))
      .limit(1);
    return row;
  }

  /** Whether the machine had another replacement after `replacement` (which then no longer matters). */
  async superseded(replacement: Pick<TBoardReplacement, 'id' | 'serialNumber' | 'replacedAt'>): Promise<boolean> {
    const rows = await this.db
      .select({ id: boardReplacements.id })
      .from(boardReplacements)
      .where(
        and(
          eq(boardReplacements.serialNumber, replacement.serialNumber),
          ne(boardReplacements.id, replacement.id),
          gt(boardReplacements.replacedAt, replacement.replacedAt),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Whether a machine other than `serialNumber` holds the board: it reported it in its latest
   * `info`, or a replacement fitted it there.
   */
  async boardElsewhere(boardSerial: string, serialNumber: string): Promise<boolean> {
    const reported = await this.db
      .select({ serial: applianceStates.serialNumber })
      .from(applianceStates)
      .where(and(sql`${applianceStates.info}->>'boardSerial' = ${boardSerial}`, ne(applianceStates.serialNumber, serialNumber)))
      .limit(1);
    if (reported.length > 0) return true;
    const fitted = await this.db
      .select({ id: boardReplacements.id })
      .from(boardReplacements)
      .where(
        and(
          eq(boardReplacements.newBoardSerial, boardSerial),
          ne(boardReplacements.serialNumber, serialNumber),
          // A board taken out again by a later replacement of that machine is free.
          sql`not exists (select 1 from board_replacements later where later.serial_number = ${boardReplacements.serialNumber} and later.replaced_at > ${boardReplacements.replacedAt})`,
        ),
      )
      .limit(1);
    return fitted.length > 0;
  }

  /** Marks the replacement restored, once; false when it already was. */
  async markRestored(id: string): Promise<boolean> {
    const rows = await this.db
      .update(boardReplacements)
      .set({ restoredAt: sql`now()` })
      .where(and(eq(boardReplacements.id, id), isNull(boardReplacements.restoredAt)))
      .returning({ id: boardReplacements.id });
    return rows.length > 0;
  }
}
