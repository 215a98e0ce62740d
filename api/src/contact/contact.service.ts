import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { LeadStatus } from '../generated/prisma/enums';
import { NotificationWorker } from '../notifications/notification-worker';
import { PrismaService } from '../prisma/prisma.service';
import type { ContactRequestInput } from './dto/contact-request.input';
import { EmailKind, emailKind } from './email-domains';
import { toE164 } from './dto/is-phone-for-locale';
import type { ContactRequestReceipt } from './models/contact-request-receipt.model';

@Injectable()
export class ContactService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
    private readonly notifications: NotificationWorker,
  ) {}

  /**
   * Stores a validated request once per `requestId` and returns its receipt
   * once the row is committed. A repeated or concurrent send with the same id
   * inserts nothing (ON CONFLICT DO NOTHING) and gets the first receipt. A new
   * lead that is not spam gets its notifications (the outbox) in the same
   * transaction: committed together, or not at all.
   */
  async submit(input: ContactRequestInput): Promise<ContactRequestReceipt> {
    const { requestId, locale, phone, website, acceptTerms: _accepted, ...fields } = input;
    // A filled honeypot is kept for review but never worked as a lead; the
    // sender gets an ordinary receipt so it learns nothing.
    const isSpam = Boolean(website?.trim());
    const created = await this.prisma.$transaction(async (tx) => {
      const [lead] = await tx.contactRequest.createManyAndReturn({
        data: {
          ...fields,
          requestId,
          locale,
          phone: phone ? toE164(phone, locale) : null,
          termsVersion: this.config.TERMS_VERSION,
          termsAcceptedAt: new Date(),
          isSpam,
          freeEmail: emailKind(fields.email) === EmailKind.FREE,
          status: isSpam ? LeadStatus.SPAM : LeadStatus.NEW,
        },
        skipDuplicates: true,
        select: { id: true },
      });
      if (lead && !isSpam) {
        await tx.leadNotification.createMany({ data: this.config.notificationChannels.map((channel) => ({ leadId: lead.id, channel })) });
      }
      return lead;
    });
    if (created) this.notifications.wake();
    return this.prisma.contactRequest.findUniqueOrThrow({
      where: { requestId },
      select: { id: true, receivedAt: true },
    });
  }
}
