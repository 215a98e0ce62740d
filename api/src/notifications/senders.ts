import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type SendMailOptions, type Transporter } from 'nodemailer';
import { AppConfig } from '../common/config/app-config';
import { type Locale, NotificationChannel } from '../generated/prisma/enums';
import { confirmationEmail } from './confirmation-email';
import { dataLinkEmail } from './data-link-email';
import { loadEmailTemplates } from './email-templates';
import { erasureEmailMessage, erasureWebhookPayload } from './erasure-message';
import { emailMessage, type LeadSummary, webhookPayload } from './lead-message';

/** A failed delivery, described without the lead's data (it goes to logs and to the outbox row). */
export class DeliveryError extends Error {}

const WEBHOOK_TIMEOUT_MS = 10_000;

/** Sends one notification on one channel; throws DeliveryError when the receiver did not take it. */
@Injectable()
export class NotificationSenders implements OnApplicationShutdown {
  private mailer?: Transporter;

  constructor(private readonly config: AppConfig) {
    // Read now, so an API built without its compiled emails does not start.
    loadEmailTemplates();
  }

  async send(channel: NotificationChannel, notificationId: string, lead: LeadSummary): Promise<void> {
    const staffPage = this.config.STAFF_PAGE_URL;
    if (channel === NotificationChannel.WEBHOOK) return this.postWebhook(notificationId, webhookPayload(lead, staffPage));
    if (channel === NotificationChannel.CONFIRMATION) return this.sendConfirmation(notificationId, lead);
    return this.sendEmail(notificationId, emailMessage(lead, staffPage));
  }

  /** That a person erased these leads themselves: sales delete the chat notice and the email they were sent about each. */
  async sendErasureNotice(channel: NotificationChannel, notificationId: string, leadIds: string[]): Promise<void> {
    if (channel === NotificationChannel.WEBHOOK) return this.postWebhook(notificationId, erasureWebhookPayload(leadIds));
    if (channel === NotificationChannel.EMAIL) return this.sendEmail(notificationId, erasureEmailMessage(leadIds));
    throw new DeliveryError(`an erasure notice goes to sales' channels only, not ${channel}`);
  }

  private async postWebhook(notificationId: string, payload: object): Promise<void> {
    const url = this.config.NOTIFY_WEBHOOK_URL;
    if (!url) throw new DeliveryError('NOTIFY_WEBHOOK_URL is not set');
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        // The notification id lets a receiver drop a delivery it has already taken.
        headers: { 'content-type': 'application/json', 'x-segmentia-notification': notificationId },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new DeliveryError(`webhook unreachable (${networkCode(error)})`);
    }
    await response.body?.cancel();
    if (!response.ok) throw new DeliveryError(`webhook answered HTTP ${response.status}`);
  }

  private async sendEmail(notificationId: string, message: { subject: string; text: string }): Promise<void> {
    if (!this.config.NOTIFY_EMAIL_TO.length) throw new DeliveryError('NOTIFY_EMAIL_TO is not set');
    await this.mail({ to: this.config.NOTIFY_EMAIL_TO, messageId: `<${notificationId}@segmentia.notifications>`, ...message });
  }

  /** To the prospect, in the request's language; a reply reaches sales (the company's address). */
  private async sendConfirmation(notificationId: string, lead: LeadSummary): Promise<void> {
    const { company } = this.config;
    await this.mail({
      // No display name: the visitor's text stays out of the prospect's email (confirmationEmail).
      to: lead.email,
      replyTo: company.email,
      messageId: `<${notificationId}@segmentia.confirmations>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
      ...confirmationEmail(lead, company, this.config.siteUrl),
    });
  }

  /**
   * The privacy centre's link to the data of an address's requests, to that address as its leads and objections store
   * it (one message, every stored spelling), in the page's language (dataLinkEmail). Sent at once, not through the
   * outbox: the link's token is stored only as a hash.
   */
  async sendDataLink(to: string[], link: { locale: Locale; url: string; minutes: number }): Promise<void> {
    const { company } = this.config;
    await this.mail({
      to,
      replyTo: company.email,
      headers: { 'Auto-Submitted': 'auto-generated' },
      ...dataLinkEmail(link, company, this.config.siteUrl),
    });
  }

  private async mail(message: SendMailOptions): Promise<void> {
    if (!this.config.SMTP_URL) throw new DeliveryError('SMTP_URL is not set');
    this.mailer ??= createTransport(this.config.SMTP_URL);
    try {
      await this.mailer.sendMail({ from: this.config.NOTIFY_EMAIL_FROM, ...message });
    } catch (error) {
      const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
      throw new DeliveryError(`SMTP ${[code, responseCode].filter(Boolean).join(' ') || 'error'}`);
    }
  }

  /** After the worker has finished (it stops in onModuleDestroy). */
  onApplicationShutdown(): void {
    this.mailer?.close();
  }
}

/** `ECONNREFUSED`, `TimeoutError`…: what went wrong on the wire, never a message that could quote data. */
function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (error instanceof Error ? error.name : 'error');
}
