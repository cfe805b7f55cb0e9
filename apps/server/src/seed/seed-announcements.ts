import { newId } from '../lib/ids';
import { insertAnnouncement, type NewAnnouncement } from '../features/announcements/announcements.repository';
import type { SeedContext } from './seed-demo-data';
import { DAY_MS } from '@accountry/shared/durations';

/** Demo announcements: one for everyone, a warning for sellers, an expired one and a draft; a few read/dismiss states. */
export async function seedAnnouncements({ db, clock, users }: SeedContext) {
  const now = clock.now();
  const base = { recalledAt: null, createdBy: users.admin ?? null };
  const items: NewAnnouncement[] = [
    {
      ...base,
      id: newId(),
      title: 'Welcome to Accountry',
      severity: 'info',
      status: 'active',
      targetUsers: 'all',
      expiresAt: null,
      message:
        'Talk to the seller in chat before you buy, and change the password and recovery e-mail as soon as you receive an account.',
      createdAt: now - 3 * DAY_MS,
      updatedAt: now - 3 * DAY_MS,
    },
    {
      ...base,
      id: newId(),
      title: 'Keep your listings up to date',
      severity: 'warning',
      status: 'active',
      targetUsers: 'seller',
      expiresAt: now + 30 * DAY_MS,
      message:
        'Answer offers within 48 hours and deliver the credentials of a paid order within the delivery time your listing promises, so buyers are not left waiting. Please review your listings before the end of the month.',
      createdAt: now - DAY_MS,
      updatedAt: now - DAY_MS,
    },
    {
      ...base,
      id: newId(),
      title: 'Scheduled maintenance',
      severity: 'info',
      status: 'expired',
      targetUsers: 'all',
      expiresAt: now - 2 * DAY_MS,
      message: 'Chat and search were unavailable for about 30 minutes while we upgraded our servers.',
      createdAt: now - 6 * DAY_MS,
      updatedAt: now - 2 * DAY_MS,
    },
    {
      ...base,
      id: newId(),
      title: 'Holiday deals week',
      severity: 'success',
      status: 'draft',
      targetUsers: 'buyer',
      expiresAt: null,
      message: 'Verified sellers are adding new listings all week long. Keep an eye on Browse.',
      createdAt: now - 2 * 3600_000,
      updatedAt: now - 2 * 3600_000,
    },
  ];
  for (const item of items) await insertAnnouncement(db, item);
  const [welcome] = items;
  const states = [
    { userId: users.buyer, read: true, dismissed: false },
    { userId: users.buyer2, read: true, dismissed: true },
  ].filter((s) => s.userId);
  for (const s of states) {
    await db
      .insertInto('announcementStates')
      .values({
        userId: s.userId,
        notificationId: welcome.id,
        read: s.read,
        readAt: now - DAY_MS,
        dismissed: s.dismissed,
        dismissedAt: s.dismissed ? now - DAY_MS : null,
      })
      .execute();
  }
}
