import { describe, expect, it } from 'vitest';
import { chargebackHoldsText, payoutAtStakeWarning, payoutHeldMessage } from './chargeback-holds';
import type { ChargebackHold } from './wallet';

const open: ChargebackHold = { orderId: 'o1', listingTitle: 'Fortnite account', status: 'open', heldCents: 15_000 };
const lost: ChargebackHold = { orderId: 'o2', listingTitle: 'Apex account', status: 'lost', heldCents: 5_000 };

describe('the words for money chargebacks keep from payouts', () => {
  it.each([
    [[open], '$150.00 is held while the chargeback on the order for “Fortnite account” is open.'],
    [
      [lost],
      '$50.00 is held until an admin recovers it: the bank decided for the cardholder in the chargeback on the order ' +
        'for “Apex account”.',
    ],
    [[open, lost], '$200.00 is held for chargebacks on 2 orders, listed in your wallet.'],
  ])('names one hold, or sums several', (holds, text) => {
    expect(chargebackHoldsText(holds)).toBe(text);
  });

  it('says what may still be asked for, or that nothing may when it is under the minimum', () => {
    expect(payoutHeldMessage(4_000, 1_000, [open])).toBe(
      'You can ask for at most $40.00: $150.00 is held while the chargeback on the order for “Fortnite account” is ' +
        'open.',
    );
    expect(payoutHeldMessage(500, 1_000, [open, lost])).toBe(
      'You cannot ask for a payout now: $200.00 is held for chargebacks on 2 orders, listed in your wallet.',
    );
  });

  it('warns the admin of what paying would leave unrecoverable: never more than the payout', () => {
    expect(payoutAtStakeWarning('Rita Payee', [open, lost], 2_000, 30_000)).toBe(
      'Rita Payee has $200.00 held for chargebacks on 2 orders and only $20.00 available beside this payout: once ' +
        'it is paid, $180.00 of it may never be recovered. If you have not sent it yet, reject it instead; the amount ' +
        'then stays in their balance until the chargeback is settled.',
    );
    expect(payoutAtStakeWarning('Rita Payee', [open], 0, 9_000)).toContain('once it is paid, $90.00 of it may never');
  });
});
