import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { TBrandCode } from '@washboard/contracts';
import { BRANDS } from '@washboard/contracts';
import type { MailRepository, TOutboxMail } from './mail.repository';
import type { TRenderedMail } from './mail-templates';

/**
 * Sends the outbox through SMTP. `enqueue` stores the mail and wakes the sender; a timer retries what
 * failed. Without an SMTP URL mails are kept in the outbox only.
 */
export class Mailer {
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly repo: MailRepository,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    /** Counts each hand-over to the SMTP server for the metrics. */
    private readonly observe: (outcome: 'sent' | 'failed') => void = () => {},
  ) {
    // Options such as ?pool=true or ?requireTLS=true can ride on the URL (nodemailer reads them).
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }
  /** The latest mails of the outbox, newest first (the demo's /dev/mailbox). */
  latest(limit: number): Promise<TOutboxMail[]> {
    return this.repo.latest(limit);
  }

  /** Stores a mail for sending (or in the outbox when there is no SMTP server). */
  async enqueue(brand: TBrandCode, to: string, mail: TRenderedMail): Promise<void> {
    await this.repo.enqueue(brand, to, mail, this.transport ? 'pending' : 'outbox');
    this.kick();
  }

  start(intervalMs = 15_000): void {
    if (!this.transport) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  /** Runs a sending pass now (or right after the current one). */
  kick(): void {
    if (!this.transport || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.log.error({ err: error }, 'mail pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    const transport = this.transport;
    if (!transport) return;
    for (;;) {
      const due = await this.repo.claimDue(20);
      if (due.length === 0) return;
      for (const mail of due) {
        try {
          await transport.sendMail({
            from: `"${BRANDS[mail.brand].title}" <${this.from}>`,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
          await this.repo.markSent(mail.id);
          this.observe('sent');
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.log.warn({ mailId: mail.id, attempts: mail.attempts + 1, err: message }, 'mail not sent; will retry');
          this.observe('failed');
          await this.repo.markFailed(mail.id, mail.attempts + 1, message);
        }
      }
    }
  }
}
