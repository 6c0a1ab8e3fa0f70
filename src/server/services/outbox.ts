/**
 * Sends outgoing messages. Every message is written to the outbox table (so
 * development, QA and tests can read codes at GET /dev/outbox); e-mails are
 * also sent over SMTP when SMTP_URL is set. SMS has no gateway here: the
 * outbox row is its only delivery until a provider is configured.
 */
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { OutboxChannel, OutboxRepository } from '../repositories/outbox';
import type { Clock } from '../clock';

export interface OutgoingMessage {
  to: string;
  channel: OutboxChannel;
  subject: string;
  body: string;
  /** The one-time code, kept in its own column so tests need not parse the body. */
  code?: string;
}

export function createOutboxService(deps: {
  repository: OutboxRepository;
  clock: Clock;
  smtpUrl: string | undefined;
  from: string;
}) {
  const transport: Transporter | undefined = deps.smtpUrl
    ? nodemailer.createTransport(deps.smtpUrl)
    : undefined;
  return {
    async send(message: OutgoingMessage): Promise<void> {
      await deps.repository.insert({ ...message, createdAt: deps.clock.now() });
      if (transport && message.channel === 'email') {
        await transport.sendMail({
          from: deps.from,
          to: message.to,
          subject: message.subject,
          text: message.body,
        });
      }
    },
    list: (limit = 200) => deps.repository.list(limit),
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
