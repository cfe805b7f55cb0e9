import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { newId } from '../lib/ids';
import type { Clock } from '../lib/clock';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP delivery through nodemailer, used when SMTP_URL is set. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** Without SMTP: keep mails in the database (shown at /dev/mailbox in development) and log that one was sent. */
export function outboxMailer(db: Database, clock: Clock, log?: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      const id = newId();
      await db.insertInto('mailOutbox').values({ id, ...mail, createdAt: clock.now() }).execute();
      // The body holds single-use links; log only where to read it.
      log?.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail stored in the outbox (no SMTP_URL set)');
    },
  };
}
