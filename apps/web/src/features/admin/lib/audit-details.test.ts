import { describe, expect, it } from 'vitest';
import { auditDetails, auditDetailsText } from './audit-details';
import { targetText } from './audit-labels';

describe('auditDetails', () => {
  it('shows money as money, roles and statuses by their labels, and leaves out counts of nothing', () => {
    expect(auditDetailsText('balance.credit', { amountCents: 2550, reason: 'Bank transfer ref 123' })).toBe(
      'Amount: $25.50 · Reason: Bank transfer ref 123',
    );
    expect(auditDetailsText('balance.credit', { amountCents: -2550, reason: 'Correction' })).toBe(
      'Amount: −$25.50 · Reason: Correction',
    );
    expect(auditDetailsText('user.role', { from: 'buyer', to: 'both' })).toBe('Role: Buyer → Buyer and seller');
    expect(auditDetailsText('report.review', { from: 'open', to: 'in_progress', note: 'Watching' })).toBe(
      'Status: Open → In progress · Note: Watching',
    );
    expect(
      auditDetailsText('user.delete', { reason: 'Spam', hiddenListings: 0, canceledOrders: 2, refundedOrders: 0 }),
    ).toBe('Reason: Spam · Orders canceled: 2');
    expect(auditDetailsText('listing.hide', { reason: 'Edited screenshots', from: 'active' })).toBe(
      'Listing status: was Active · Reason: Edited screenshots',
    );
    expect(auditDetailsText('some.action', { someNewKey: 'x' })).toBe('Some new key: x');
  });

  it("shows a payout id only as a link to the payouts, and a paid one's transfer reference", () => {
    expect(auditDetails('payout.paid', { payoutId: 'p1', amountCents: 15_000, reason: '' })).toEqual([
      { label: 'Payout', text: 'in the payouts list', to: '/admin/payouts?status=paid' },
      { label: 'Amount', text: '$150.00' },
    ]);
    const paid = { payoutId: 'p1', amountCents: 15_000, reason: '', reference: 'TRF-2026-0001' };
    expect(auditDetails('payout.paid', paid)).toEqual([
      { label: 'Payout', text: 'in the payouts list', to: '/admin/payouts?status=paid' },
      { label: 'Amount', text: '$150.00' },
      { label: 'Transfer reference', text: 'TRF-2026-0001' },
    ]);
  });

  it('shows a corrected reference before and after, and one recorded past the warning that another payout has it', () => {
    const corrected = {
      payoutId: 'p1',
      amountCents: 15_000,
      previousReference: 'TRF-2026-O001',
      reference: 'TRF-2026-0001',
      duplicateReferenceConfirmed: true,
    };
    expect(auditDetailsText('payout.reference_correct', corrected)).toBe(
      'Payout: in the payouts list · Amount: $150.00 · Transfer reference before: TRF-2026-O001 · ' +
        'Transfer reference: TRF-2026-0001 · Also on another payout: Recorded anyway',
    );
    expect(auditDetails('payout.reference_correct', corrected)[0]).toEqual({
      label: 'Payout',
      text: 'in the payouts list',
      to: '/admin/payouts?status=paid',
    });
  });

  it("says which card refund Stripe refused, in Stripe's words, and how an admin recorded it paid back", () => {
    const settled = {
      refundKey: 'o1:refund:8000',
      amountCents: 8_000,
      stripeError: 'Charge for PaymentIntent pi_1 cannot be refunded.',
      settlementReference: 'Chargeback lost: the bank returned it',
      coveredByChargebackCents: 8_000,
      chargebackId: 'dp_1',
    };
    expect(auditDetailsText('order.refund_settle', settled)).toBe(
      "Card refund: o1:refund:8000 · Amount: $80.00 · Stripe's answer: Charge for PaymentIntent pi_1 cannot be " +
        "refunded. · Paid back: Chargeback lost: the bank returned it · Returned by the bank's chargeback: $80.00 · " +
        'Stripe dispute: dp_1',
    );
  });

  it('says a payout was marked paid past the warning that chargebacks held more than the balance', () => {
    const paid = { payoutId: 'p1', amountCents: 9_000, reason: '', reference: 'TRF-1', chargebackHeldCents: 20_000 };
    expect(auditDetailsText('payout.paid', paid)).toBe(
      'Payout: in the payouts list · Amount: $90.00 · Transfer reference: TRF-1 · ' +
        'Held for chargebacks: $200.00, marked paid anyway',
    );
  });

  it("names a recovered chargeback's dispute and links the member it was taken from", () => {
    const details = { chargebackId: 'dp_1', memberId: 'u 1', amountCents: 5_000 };
    expect(auditDetails('order.chargeback_recovery', details)).toEqual([
      { label: 'Stripe dispute', text: 'dp_1' },
      { label: 'Taken from', text: 'their user page', to: '/admin/users/u%201' },
      { label: 'Amount', text: '$50.00' },
    ]);
  });
});

describe('targetText', () => {
  it('names what an entry was on, its kind alone when nothing names it', () => {
    expect(targetText('user', 'Kai Player')).toBe('Kai Player');
    expect(targetText('order', 'Steam account')).toBe('Order: Steam account');
    expect(targetText('order', null)).toBe('Order');
  });
});
