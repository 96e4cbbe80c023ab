import type { TDeadLetter, TDeadLetterQuery } from '@washboard/contracts';
import type { TAuthUser } from '../auth/token.service';
import { AppError } from '../errors';
import type { DeadLetterRepository } from './dead-letter.repository';

/** The dead-letter store as administration reads it. */
export class DeadLetterService {
  constructor(private readonly repository: DeadLetterRepository) {}

  /**
   * The newest refused device messages, for an ADMIN only (403 for any other role): those of the
   * caller's brand's machines and those of serial numbers no product has (no brand to scope them by).
   */
  async list(user: TAuthUser, query: TDeadLetterQuery): Promise<TDeadLetter[]> {
    if (user.role !== 'ADMIN') throw new AppError('FORBIDDEN');
    const rows = await this.repository.list(user.brand, query.serialNumber, query.limit);
    return rows.map((r) => ({
      id: String(r.id),
      serialNumber: r.serialNumber,
      brand: r.brand,
      topic: r.topic,
      payload: r.payload,
      payloadBytes: r.payloadBytes,
      reason: r.reason,
      detail: r.detail,
      receivedAt: new Date(r.receivedAt).toISOString(),
    }));
  }
}
