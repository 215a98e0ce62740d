import { Module } from '@nestjs/common';
import { NotificationWorker } from './notification-worker';
import { NotificationSenders } from './senders';

@Module({ providers: [NotificationSenders, NotificationWorker], exports: [NotificationWorker, NotificationSenders] })
export class NotificationsModule {}
