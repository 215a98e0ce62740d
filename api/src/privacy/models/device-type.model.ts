import { registerEnumType } from '@nestjs/graphql';
import { DeviceType } from '../../generated/prisma/enums';

registerEnumType(DeviceType, {
  name: 'DeviceType',
  description: 'Whose advertising ID a person opted out with',
  valuesMap: {
    ANDROID: { description: "Android's advertising ID (AAID)" },
    APPLE: { description: "Apple's Identifier for Advertisers (IDFA)" },
    CONNECTED_TV: { description: "A connected TV's advertising ID" },
  },
});
export { DeviceType };
