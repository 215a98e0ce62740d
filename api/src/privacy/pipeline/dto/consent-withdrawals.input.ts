import { Field, InputType } from '@nestjs/graphql';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsEnum, ValidateBy } from 'class-validator';
import { ADVERTISING_ID, isZeroAdvertisingId } from '@segmentia/contracts/privacy';
import { DeviceType } from '../../models/device-type.model';

/**
 * The most IDs one batch takes: 2,000 UUIDs are about 80 KB of JSON, within the 100 KB body every request may send
 * (BODY_LIMIT's default), so a bigger list goes in several batches, which costs nothing since a batch is idempotent.
 */
export const WITHDRAWAL_BATCH_MAX = 2000;

/** How many bad positions an error names: enough to find the fault, short enough to read. */
const NAMED_POSITIONS = 10;

/**
 * Every element an advertising ID (a UUID, any case) that names somebody (not all zeros): the error names the positions
 * of the bad ones, never their text, and the code says which rule (`isAdvertisingId`, then `notZeroId`).
 */
const EachAdvertisingId = (code: 'isAdvertisingId' | 'notZeroId', bad: (id: string) => boolean, what: string) =>
  ValidateBy({
    name: code,
    validator: {
      validate: (value: unknown) => !Array.isArray(value) || positions(value, bad).length === 0,
      defaultMessage: (args) => {
        const found = positions(Array.isArray(args?.value) ? args.value : [], bad);
        const named = found.slice(0, NAMED_POSITIONS).join(', ');
        const more = found.length > NAMED_POSITIONS ? ` and ${found.length - NAMED_POSITIONS} more` : '';
        return `advertisingIds: ${what} at position ${named}${more} (from 0)`;
      },
    },
  });

const positions = (values: unknown[], bad: (id: string) => boolean) =>
  values.flatMap((value, index) => (typeof value !== 'string' || bad(value.trim()) ? [index] : []));

@InputType({
  description: "Advertising IDs whose owners withdrew their consent where they gave it, sent by a data partner or the audiences' pipeline",
})
export class ConsentWithdrawalsInput {
  @Field(() => DeviceType, { description: 'The kind of device of every ID of the batch' })
  @IsEnum(DeviceType)
  deviceType: DeviceType;

  @Field(() => [String], {
    description: `1 to ${WITHDRAWAL_BATCH_MAX} advertising IDs (UUIDs, any case, never all zeros); only their keyed hashes are stored`,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WITHDRAWAL_BATCH_MAX)
  @EachAdvertisingId('isAdvertisingId', (id) => !ADVERTISING_ID.test(id), 'not an advertising ID (a UUID: 8-4-4-4-12 hexadecimal digits)')
  @EachAdvertisingId('notZeroId', (id) => ADVERTISING_ID.test(id) && isZeroAdvertisingId(id), 'all zeros (an ID that names nobody)')
  advertisingIds: string[];
}
