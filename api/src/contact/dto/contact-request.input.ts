import { Field, ID, InputType } from '@nestjs/graphql';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsEmail,
  IsEnum,
  IsFQDN,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Locale } from '../../common/locale';
import { IsPlainText, IsSingleLine } from '../../common/text-characters';
import { AdvertiserCount, AgencySize, AgencyType, DecisionRole, Interest, Position } from '../contact.enums';
import { IsNotDisposableEmail } from './is-not-disposable-email';
import { IsPhoneForLocale } from './is-phone-for-locale';
import { MAX_REQUESTED_AUDIENCES, RequestedAudienceInput } from './requested-audience.input';
import { ATTRIBUTION_LIMITS, CONTACT_LIMITS } from '@segmentia/contracts/contact';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An optional text left blank counts as not given. */
const trimToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined));

@InputType({ description: 'A request for demo access, sent from the contact form' })
export class ContactRequestInput {
  @Field(() => ID, { description: 'UUID made by the client: sending it again never stores the request twice' })
  @IsUUID()
  requestId: string;

  @Field(() => Locale, { description: "The page's language; national phone numbers are read in its country" })
  @IsEnum(Locale)
  locale: Locale;

  @Field()
  @Transform(trim)
  @IsString()
  @MinLength(CONTACT_LIMITS.agencyName.min)
  @MaxLength(CONTACT_LIMITS.agencyName.max)
  @IsSingleLine()
  agencyName: string;

  @Field(() => AgencyType)
  @IsEnum(AgencyType)
  agencyType: AgencyType;

  @Field(() => AgencySize)
  @IsEnum(AgencySize)
  agencySize: AgencySize;

  @Field(() => AdvertiserCount)
  @IsEnum(AdvertiserCount)
  advertiserCount: AdvertiserCount;

  @Field()
  @Transform(trim)
  @IsString()
  @MinLength(CONTACT_LIMITS.contactName.min)
  @MaxLength(CONTACT_LIMITS.contactName.max)
  @IsSingleLine()
  contactName: string;

  @Field()
  @Transform(trim)
  @IsEmail()
  @MaxLength(CONTACT_LIMITS.email.max)
  @IsSingleLine()
  @IsNotDisposableEmail()
  email: string;

  @Field({ nullable: true })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsPhoneForLocale()
  @IsSingleLine()
  phone?: string;

  @Field(() => Position)
  @IsEnum(Position)
  position: Position;

  @Field(() => DecisionRole)
  @IsEnum(DecisionRole)
  decisionRole: DecisionRole;

  @Field(() => Interest)
  @IsEnum(Interest)
  interest: Interest;

  @Field({ nullable: true })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(CONTACT_LIMITS.message.max)
  @IsPlainText()
  message?: string;

  @Field(() => String, {
    nullable: true,
    description:
      "The ALTCHA widget's base64 payload: the solution of a `contactChallenge`. Missing, wrong " +
      'or expired: refused with the field code altchaMissing, altchaInvalid or altchaExpired',
  })
  @IsOptional()
  @IsString()
  @MaxLength(4000)
  @IsSingleLine()
  altcha?: string;

  @Field({ description: 'The visitor ticked "I accept the terms and have read the privacy policy"; must be true' })
  @Equals(true, { message: 'acceptTerms must be true: a request accepts the terms (and acknowledges the privacy policy)' })
  acceptTerms: boolean;

  @Field({ nullable: true, description: 'The page the form was sent from, e.g. /en/' })
  @Transform(trimToUndefined)
  @IsOptional()
  @Matches(/^\/[^\s]{0,299}$/, { message: 'pagePath must be a path on the site, starting with /' })
  @IsSingleLine()
  pagePath?: string;

  @Field({ nullable: true, description: 'The first page of the visit, e.g. /en/ (attribution)' })
  @Transform(trimToUndefined)
  @IsOptional()
  @Matches(/^\/[^\s]*$/, { message: 'landingPage must be a path on the site, starting with /' })
  @MaxLength(ATTRIBUTION_LIMITS.landingPage)
  @IsSingleLine()
  landingPage?: string;

  @Field({ nullable: true, description: "The host of the site that linked to the visit's first page, e.g. www.linkedin.com" })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsFQDN({ require_tld: false }, { message: 'referrerHost must be a host name, e.g. www.linkedin.com' })
  @MaxLength(ATTRIBUTION_LIMITS.referrerHost)
  @IsSingleLine()
  referrerHost?: string;

  @Field({ nullable: true, description: 'utm_source of the first page of the visit' })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(ATTRIBUTION_LIMITS.utmSource)
  @IsSingleLine()
  utmSource?: string;

  @Field({ nullable: true, description: 'utm_medium of the first page of the visit' })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(ATTRIBUTION_LIMITS.utmMedium)
  @IsSingleLine()
  utmMedium?: string;

  @Field({ nullable: true, description: 'utm_campaign of the first page of the visit' })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(ATTRIBUTION_LIMITS.utmCampaign)
  @IsSingleLine()
  utmCampaign?: string;

  @Field({ nullable: true, description: 'utm_term of the first page of the visit' })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(ATTRIBUTION_LIMITS.utmTerm)
  @IsSingleLine()
  utmTerm?: string;

  @Field({ nullable: true, description: 'utm_content of the first page of the visit' })
  @Transform(trimToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(ATTRIBUTION_LIMITS.utmContent)
  @IsSingleLine()
  utmContent?: string;

  @Field({
    nullable: true,
    description: "Google's click id of the first page of the visit; only when the visitor accepted marketing cookies",
  })
  @Transform(trimToUndefined)
  @IsOptional()
  @Matches(/^[\w-]+$/, { message: 'gclid must be letters, digits, - and _' })
  @MaxLength(ATTRIBUTION_LIMITS.gclid)
  gclid?: string;

  @Field(() => [RequestedAudienceInput], {
    nullable: true,
    description:
      `Audiences of the explorer the visitor asks for (at most ${MAX_REQUESTED_AUDIENCES}); each ` +
      `must be in the catalogue, or the request is refused with the field code unknownAudience and ` +
      `the pairs it does not have in extensions.unknownAudiences ([{ country, audience }])`,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_REQUESTED_AUDIENCES)
  @ValidateNested({ each: true })
  @Type(() => RequestedAudienceInput)
  audiences?: RequestedAudienceInput[];

  @Field({ nullable: true, description: 'Leave empty: a hidden field that only bots fill in' })
  @IsOptional()
  @IsString()
  @MaxLength(CONTACT_LIMITS.website.max)
  @IsSingleLine()
  website?: string;
}
