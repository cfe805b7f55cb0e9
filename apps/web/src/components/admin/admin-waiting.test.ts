import { describe, expect, it } from 'vitest';
import type { AdminWaiting } from '@accountry/shared/admin-waiting';
import { adminSectionTasks } from './admin-waiting';

const none: AdminWaiting = {
  disputes: 0,
  payouts: 0,
  chargebacks: 0,
  chargebacksToRecover: 0,
  refusedRefunds: 0,
  refundedPaymentDisputes: 0,
  listingReviews: 0,
  reports: { listing: 0, conversation: 0, user: 0 },
};

describe('adminSectionTasks', () => {
  it.each([
    ['nothing waiting', none, { count: 0, to: '/admin/listings?review=requested' }],
    [
      'listings to review again (decision 259)',
      { ...none, listingReviews: 3 },
      { count: 3, to: '/admin/listings?review=requested' },
    ],
  ])('the Listings section with %s', (_, waiting, listings) => {
    expect(adminSectionTasks(waiting)['/admin/listings']).toEqual(listings);
  });

  it('counts listings to review only in the Listings section', () => {
    const tasks = adminSectionTasks({ ...none, listingReviews: 2 });
    expect(tasks['/admin/orders']!.count).toBe(0);
    expect(tasks['/admin/payouts']!.count).toBe(0);
    expect(tasks['/admin/reports']!.count).toBe(0);
  });
});
