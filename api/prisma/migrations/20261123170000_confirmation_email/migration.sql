-- The prospect's confirmation email, delivered through the outbox like the notifications to sales.
ALTER TYPE "NotificationChannel" ADD VALUE 'CONFIRMATION';
