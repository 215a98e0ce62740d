import { Field, ID, InputType } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsEnum, IsOptional, IsString, IsUUID, ValidateBy } from 'class-validator';
import { ADVERTISING_ID, isZeroAdvertisingId } from '@segmentia/contracts/privacy';
import { DeviceType } from '../models/device-type.model';
import { SuppressionReason } from '../models/suppression-reason.model';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** An advertising ID: a UUID of any version, as devices show it (code `isAdvertisingId`). */
const IsAdvertisingId = () =>
  ValidateBy({
    name: 'isAdvertisingId',
    validator: {
      validate: (value) => typeof value === 'string' && ADVERTISING_ID.test(value),
      defaultMessage: () => 'advertisingId: not an advertising ID (a UUID: 8-4-4-4-12 hexadecimal digits)',
    },
  });

/** Not all zeros: what a device shows once it limits ad tracking; it names nobody (code `notZeroId`). */
const NotZeroId = () =>
  ValidateBy({
    name: 'notZeroId',
    validator: {
      validate: (value) => typeof value !== 'string' || !ADVERTISING_ID.test(value) || !isZeroAdvertisingId(value),
      defaultMessage: () => 'advertisingId: all zeros: the device already limits ad tracking, and this ID names nobody',
    },
  });

@InputType({ description: "An opt-out of Segmentia's audiences: a device's advertising ID, sent from the privacy centre" })
export class OptOutInput {
  @Field(() => ID, { description: 'UUID made by the client: sending it again gets the same receipt' })
  @IsUUID()
  requestId: string;

  @Field(() => DeviceType)
  @IsEnum(DeviceType)
  deviceType: DeviceType;

  @Field({ description: 'The advertising ID (a UUID, any case); only a keyed hash of it is stored' })
  @Transform(trim)
  @IsAdvertisingId()
  @NotZeroId()
  advertisingId: string;

  @Field(() => SuppressionReason, {
    defaultValue: SuppressionReason.OBJECTION,
    description: 'Why: an objection (art. 21 GDPR, what every opt-out was before this field) or a withdrawn consent (art. 7(3))',
  })
  @IsEnum(SuppressionReason)
  reason: SuppressionReason = SuppressionReason.OBJECTION;

  @Field(() => String, { nullable: true, description: "The ALTCHA widget's base64 payload: a solved contactChallenge" })
  @IsOptional()
  @IsString()
  altcha?: string;
}
