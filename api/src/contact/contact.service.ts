import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { PrismaService } from '../prisma/prisma.service';
import type { ContactRequestInput } from './dto/contact-request.input';
import { toE164 } from './dto/is-phone-for-locale';
import type { ContactRequestReceipt } from './models/contact-request-receipt.model';

@Injectable()
export class ContactService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Stores a validated request once per `requestId` and returns its receipt
   * once the row is committed. A repeated or concurrent send with the same id
   * inserts nothing (ON CONFLICT DO NOTHING) and gets the first receipt.
   */
  async submit(input: ContactRequestInput): Promise<ContactRequestReceipt> {
    const { requestId, locale, phone, website, acceptTerms: _accepted, ...fields } = input;
    await this.prisma.contactRequest.createMany({
      data: {
        ...fields,
        requestId,
        locale,
        phone: phone ? toE164(phone, locale) : null,
        termsVersion: this.config.TERMS_VERSION,
        termsAcceptedAt: new Date(),
        // A filled honeypot is kept for review but never worked as a lead; the
        // sender gets an ordinary receipt so it learns nothing.
        isSpam: Boolean(website?.trim()),
      },
      skipDuplicates: true,
    });
    return this.prisma.contactRequest.findUniqueOrThrow({
      where: { requestId },
      select: { id: true, receivedAt: true },
    });
  }
}
