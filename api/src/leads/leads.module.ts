import { Module } from '@nestjs/common';
import { AccountCheck } from './auth/account-check';
import { FirebaseTokenVerifier } from './auth/firebase-token-verifier';
import { StaffGuard } from './auth/staff.guard';
import { LeadsResolver } from './leads.resolver';
import { LeadsService } from './leads.service';
import { RetentionService } from './retention.service';

@Module({
  providers: [AccountCheck, FirebaseTokenVerifier, StaffGuard, LeadsResolver, LeadsService, RetentionService],
  // Other staff-only features (the privacy centre's) sign staff in the same way.
  exports: [FirebaseTokenVerifier, StaffGuard],
})
export class LeadsModule {}
