import type { SeedContext } from './seed-demo-data';
import { newId } from '../lib/ids';
import { HOUR_MS } from '@accountry/shared/durations';

/** A few open reports and rate-us submissions, so the admin area has something to moderate on first start. */
export async function seedAdmin({ db, clock, users, log }: SeedContext) {
  const now = clock.now();
  const feedback = [
    {
      userId: users.buyer,
      email: 'buyer@accountry.test',
      rating: 5,
      category: 'general',
      message: 'Bought a Steam account in ten minutes. The chat with the seller made it easy.',
      status: 'resolved' as const,
      note: 'Thanked the buyer.',
      at: 72,
    },
    {
      userId: null,
      email: 'visitor@example.com',
      rating: 2,
      category: 'bug',
      message: 'The price filter forgets its value when I go back to the results.',
      status: 'open' as const,
      note: '',
      at: 20,
    },
    {
      userId: users.buyer2,
      email: 'kai@accountry.test',
      rating: 3,
      category: 'safety',
      message: 'A seller asked me to pay outside the site. Please warn buyers about this.',
      status: 'in_progress' as const,
      note: 'Checking the conversation.',
      at: 6,
    },
    {
      userId: users.both,
      email: 'both@accountry.test',
      rating: 4,
      category: 'suggestion',
      message: 'Saved searches with an alert for new listings would be great.',
      status: 'open' as const,
      note: '',
      at: 2,
    },
  ];
  for (const f of feedback) {
    const at = now - f.at * HOUR_MS;
    await db
      .insertInto('feedback')
      .values({
        id: newId(),
        userId: f.userId,
        email: f.email,
        rating: f.rating,
        category: f.category,
        message: f.message,
        status: f.status,
        note: f.note,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
  }

  const reports: Array<{
    targetType: 'listing' | 'conversation' | 'user';
    targetId: string;
    reporterId: string;
    reason: string;
    message: string;
    at: number;
  }> = [];
  const listings = await db
    .selectFrom('listings')
    .select(['id', 'sellerId'])
    .where('status', '=', 'active')
    .orderBy('createdAt', 'desc')
    .limit(2)
    .execute();
  const [first, second] = listings;
  if (first)
    reports.push({
      targetType: 'listing',
      targetId: first.id,
      reporterId: users.buyer,
      reason: 'Misleading description',
      message: 'The screenshots show a different rank than the title says.',
      at: 30,
    });
  if (second)
    reports.push({
      targetType: 'listing',
      targetId: second.id,
      reporterId: users.buyer2,
      reason: 'Possibly stolen account',
      message: 'I recognise this account name from a friend who was hacked.',
      at: 9,
    });
  // A conversation with messages, so the report's detail shows them.
  const conversation = await db
    .selectFrom('conversations')
    .select(['id', 'buyerId'])
    .orderBy('lastSeq', 'desc')
    .orderBy('updatedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (conversation)
    reports.push({
      targetType: 'conversation',
      targetId: conversation.id,
      reporterId: conversation.buyerId,
      reason: 'Asked to pay outside the site',
      message: 'The seller wants a bank transfer and to move the deal to another app.',
      at: 4,
    });
  reports.push({
    targetType: 'user',
    targetId: users.seller2,
    reporterId: users.buyer2,
    reason: 'Rude messages',
    message: 'Insulted me after I asked about the price.',
    at: 12,
  });
  for (const r of reports) {
    const at = now - r.at * HOUR_MS;
    await db
      .insertInto('reports')
      .values({
        id: newId(),
        targetType: r.targetType,
        targetId: r.targetId,
        reporterId: r.reporterId,
        reason: r.reason,
        message: r.message,
        status: 'open',
        note: '',
        createdAt: at,
        updatedAt: at,
      })
      .execute();
  }
  log(`admin: ${feedback.length} rate-us submissions, ${reports.length} open reports`);
}
