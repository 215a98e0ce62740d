import emailSpellChecker from '@zootools/email-spell-checker';
import disposableDomains from 'disposable-email-domains';
import freeEmailDomains from 'free-email-domains';

/**
 * What an address says of its owner: a company's (BUSINESS), a free mailbox
 * anyone can open (FREE: HubSpot's list, `free-email-domains`), or a
 * throwaway one (DISPOSABLE: `disposable-email-domains`). Maintained lists,
 * not ours; a domain on both is disposable.
 */
export enum EmailKind {
  BUSINESS = 'BUSINESS',
  FREE = 'FREE',
  DISPOSABLE = 'DISPOSABLE',
}

const DISPOSABLE = new Set<string>(disposableDomains);
const FREE = new Set<string>(freeEmailDomains);

const domainOf = (address: string) =>
  address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

export function emailKind(address: string): EmailKind {
  const domain = domainOf(address);
  if (DISPOSABLE.has(domain)) return EmailKind.DISPOSABLE;
  return FREE.has(domain) ? EmailKind.FREE : EmailKind.BUSINESS;
}

/** "ana@gmial.com" → "ana@gmail.com": a likely typo of a well-known domain; undefined when the address looks right. */
export function emailSuggestion(address: string): string | undefined {
  const suggestion = emailSpellChecker.run({ email: address.trim() });
  return suggestion && suggestion.full.toLowerCase() !== address.trim().toLowerCase() ? suggestion.full : undefined;
}
