import type Nodemailer from 'nodemailer';
import { lazyModule } from '../lib/lazy-module';

const nodemailer = lazyModule<typeof Nodemailer>('nodemailer');
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe); the transport adds its own. */
  headers?: Record<string, string>;
}

/** How a mail leaves the machine. Features never call it: they queue mail in the outbox (mail-outbox.ts). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP delivery through nodemailer, used when SMTP_URL is set; replies to every mail go to `replyTo` (support). */
export function smtpMailer(url: string, { from, replyTo }: { from: string; replyTo: string }): Mailer {
  const transport = nodemailer().createTransport({
    url,
    // A mail server that hangs must not hold a worker's claim for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, replyTo, ...mail });
    },
  };
}

/**
 * Without SMTP the outbox row is the delivery: log it, and where to read it when the dev mailbox page is served
 * (development only; `readAt` is null in production, which warns at start that mail is not sent).
 */
export function devMailboxMailer(log: FastifyBaseLogger, readAt: string | null): Mailer {
  const message = `mail kept in the outbox (no SMTP_URL set)${readAt ? `: see ${readAt}` : ''}`;
  return {
    async send(mail) {
      // The body holds single-use links; log only where to read it.
      log.info({ to: mail.to, subject: mail.subject }, message);
    },
  };
}
