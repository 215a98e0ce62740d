import { Global, Module } from '@nestjs/common';
import { SideEffectCeilings } from './side-effect-ceilings';

/** The hourly ceilings of anonymous side effects, read by the privacy centre, "my data" and the outbox's worker. */
@Global()
@Module({ providers: [SideEffectCeilings], exports: [SideEffectCeilings] })
export class SideEffectsModule {}
