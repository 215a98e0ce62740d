import { Injectable } from '@nestjs/common';

/** Whether this process still takes new work: false from the moment it is asked to stop. */
@Injectable()
export class Lifecycle {
  draining = false;
}
