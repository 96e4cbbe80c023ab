import nodemailer, { type Transporter } from 'nodemailer';
import type { TBrandCode } from '@washboard/contracts';
import { BRANDS } from '@washboard/contracts';
import type { TDb } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { MAIL_SEND } from '../jobs/kinds';
import { type MailRepository, type TOutboxMail } from './mail.repository';
import type { TRenderedMail } from './mail-templates';

/**
 * The SMTP URL with nodemailer's connection pool on (`pool=true`) unless it says otherwise: without
 * it every mail opened its own connection, and 1,000 alarm mails took 35 s to hand over instead of
 * 10 (docs/benchmarks.md, "Alarm to mail").
 */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

/** Mails one `mail.send` call sends (over the pool's connections) and marks sent in one statement. */
export const MAIL_BATCH = 10;

/**
 * Sends the outbox through SMTP: `enqueue` stores the mail with a `mail.send` job in one
 * transaction, and the job queue sends it, retrying with back-off (docs/jobs.md). Without an SMTP
 * URL mails are kept in the outbox only, and this instance sends none.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly repo: MailRepository,
    private readonly jobs: JobQueue,
    smtpUrl: string | undefined,
    private readonly from: string,
    /** Counts each hand-over to the SMTP server for the metrics. */
    private readonly observe: (outcome: 'sent' | 'failed') => void = () => {},
  ) {
    // Options such as ?requireTLS=true ride on the URL (nodemailer reads them).
    this.transport = smtpUrl ? nodemailer.createTransport(pooled(smtpUrl)) : undefined;
    if (this.transport) jobs.handleBatch(MAIL_SEND, MAIL_BATCH, (list) => this.send(list.map(({ payload }) => payload.mailId)));
  }

  /** The latest mails of the outbox, newest first (the demo's /dev/mailbox). */
  latest(limit: number): Promise<TOutboxMail[]> {
    return this.repo.latest(limit);
  }

  /**
   * Stores a mail for sending (or in the outbox when there is no SMTP server). Within a caller's
   * transaction (`db`, e.g. a job's) the mail commits with it.
   */
  enqueue(brand: TBrandCode, to: string, mail: TRenderedMail, db?: TDb): Promise<void> {
    return this.enqueueMany([{ brand, to, mail }], db);
  }

  /** Stores mails as `enqueue` does, in one statement with their jobs in another (the weekly reports). */
  async enqueueMany(list: readonly { brand: TBrandCode; to: string; mail: TRenderedMail }[], db?: TDb): Promise<void> {
    if (!this.transport) {
      await this.repo.insertMany(list, 'outbox', undefined, db);
      return;
    }
    await this.repo.insertMany(
      list,
      'pending',
      (tx, stored) =>
        this.jobs.enqueueMany(
          MAIL_SEND,
          stored.map(({ id, brand }) => ({ payload: { mailId: id }, options: { brand } })),
          tx,
        ),
      db,
    );
    this.jobs.kick();
  }

  /** Closes the SMTP connections (after the job queue stopped). */
  close(): void {
    this.transport?.close();
  }

  /**
   * `mail.send` jobs: each mail handed to the SMTP server (the pool's connections at once), those
   * sent marked so in one statement; a mail already sent (its job ran again after a crash) is not
   * sent twice. Answers each job's outcome.
   */
  private async send(ids: readonly string[]): Promise<(Error | undefined)[]> {
    const pending = new Map((await this.repo.pending(ids)).map((mail) => [mail.id, mail]));
    const sent: string[] = [];
    const outcomes = await Promise.all(
      ids.map(async (id) => {
        const mail = pending.get(id);
        if (!mail) return undefined;
        try {
          await this.sendOne(mail);
          sent.push(id);
          return undefined;
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      }),
    );
    await this.repo.markSent(sent);
    return outcomes;
  }

  private async sendOne(mail: TOutboxMail): Promise<void> {
    const transport = this.transport;
    if (!transport) return;
    try {
      await transport.sendMail({
        from: `"${BRANDS[mail.brand].title}" <${this.from}>`,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers ?? undefined,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
    } catch (error) {
      this.observe('failed');
      throw error;
    }
    this.observe('sent');
  }
}
