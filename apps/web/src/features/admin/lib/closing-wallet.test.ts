import { describe, expect, it } from 'vitest';
import { closingWalletText } from './closing-wallet';

const empty = { availableCents: 0, heldCents: 0, inEscrowAsBuyerCents: 0, inEscrowAsSellerCents: 0 };

describe('closingWalletText', () => {
  it('blocks the deletion while the wallet holds money, with the words the server answers', () => {
    expect(closingWalletText({ ...empty, availableCents: 192_950, inEscrowAsBuyerCents: 9_600 })).toEqual({
      blocked: true,
      text:
        'The wallet still holds $1,929.50 available, and a deleted account cannot ask for a payout. Before deleting ' +
        'it, have the member ask for a payout or correct the balance to $0.00.',
    });
    expect(closingWalletText({ ...empty, heldCents: 5_000 })).toEqual({
      blocked: true,
      text:
        'The wallet still holds $50.00 held for a payout, and a deleted account cannot ask for a payout. Before ' +
        'deleting it, pay or reject the open payout.',
    });
  });

  it('says the wallet is empty and where the money in escrow goes', () => {
    expect(closingWalletText(empty).text).toBe('Their wallet is empty ($0.00 available, $0.00 held for payouts).');
    expect(closingWalletText({ ...empty, inEscrowAsBuyerCents: 9_600, inEscrowAsSellerCents: 2_550 })).toEqual({
      blocked: false,
      text:
        'Their wallet is empty ($0.00 available, $0.00 held for payouts). The $96.00 they paid stays in escrow with ' +
        'its orders. The $25.50 in escrow for their sales comes to this wallet as those orders complete; a deleted ' +
        'account takes no credit, so only a correction can take it out.',
    });
  });
});
