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
    if (this.transport) jobs.handle(MAIL_SEND, ({ mailId }) => this.send(mailId));
  }

  /** The latest mails of the outbox, newest first (the demo's /dev/mailbox). */
  latest(limit: number): Promise<TOutboxMail[]> {
    return this.repo.latest(limit);
  }

  /**
   * Stores a mail for sending (or in the outbox when there is no SMTP server). Within a caller's
   * transaction (`db`, e.g. a job's) the mail commits with it.
   */
  async enqueue(brand: TBrandCode, to: string, mail: TRenderedMail, db?: TDb): Promise<void> {
    if (!this.transport) {
      await this.repo.insert(brand, to, mail, 'outbox', undefined, db);
      return;
    }
    await this.repo.insert(
      brand,
      to,
      mail,
      'pending',
      (tx, mailId) => this.jobs.enqueue(MAIL_SEND, { mailId }, { db: tx, brand }),
      db,
    );
    this.jobs.kick();
  }

  /** Closes the SMTP connections (after the job queue stopped). */
  close(): void {
    this.transport?.close();
  }

  /** The `mail.send` job: a mail already sent (the job ran again after a crash) is not sent twice. */
  private async send(mailId: string): Promise<void> {
    const transport = this.transport;
    const mail = await this.repo.pending(mailId);
    if (!transport || !mail) return;
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
    await this.repo.markSent(mailId);
  }
}
