import { describe, expect, it } from 'vitest';
import type { Wallet } from '@accountry/shared/wallet';
import { SUPPORT_EMAIL } from '@accountry/shared/constants';
import { WALLET_TEXT, walletIntro, walletView } from './wallet-view';

const wallet = (over: Partial<Wallet> = {}): Wallet => ({
  availableCents: 1_250,
  heldCents: 0,
  chargebackHolds: [],
  chargebackHeldCents: 0,
  payableCents: 1_250,
  inEscrowAsBuyerCents: 0,
  inEscrowAsSellerCents: 0,
  platformFeePercent: 5,
  payoutMinimumCents: 1_000,
  paysFromBalance: true,
  ...over,
});

describe('walletView', () => {
  it('shows a buyer what buying needs, and none of the payout parts', () => {
    expect(walletView('buyer', wallet())).toEqual({
      seller: false,
      availableHint: 'Ready to spend on orders',
      heldFigure: false,
      salesEscrowFigure: false,
      payoutDetails: false,
      payoutHistory: false,
    });
  });

  it.each(['seller', 'both'] as const)('shows a %s everything, payouts included', (role) => {
    expect(walletView(role, wallet())).toEqual({
      seller: true,
      availableHint: 'Ready to spend or withdraw',
      heldFigure: true,
      salesEscrowFigure: true,
      payoutDetails: true,
      payoutHistory: true,
    });
  });

  it('says a seller withdraws what they earn, and a buyer pays with it', () => {
    expect(walletIntro('buyer')).toBe('Your balance on Accountry: pay for orders with it.');
    expect(walletIntro('both')).toBe('Your balance on Accountry: pay for orders with it and withdraw what you earn.');
    expect(walletIntro('seller')).toBe('Your balance on Accountry: pay for orders with it and withdraw what you earn.');
  });

  it('shows a former seller the payout they asked for, which they can still cancel, and their sales in escrow', () => {
    const view = walletView('buyer', wallet({ heldCents: 5_000, inEscrowAsSellerCents: 2_000 }));
    expect(view).toMatchObject({
      heldFigure: true,
      payoutHistory: true,
      salesEscrowFigure: true,
      payoutDetails: false,
    });
  });

  it('says what chargebacks hold of the available balance', () => {
    const view = walletView('both', wallet({ chargebackHeldCents: 900, payableCents: 350 }));
    expect(view.availableHint).toBe('$9.00 held for chargebacks: $3.50 can be withdrawn');
  });

  it('says how to top up: a bank transfer an admin credits, or no need when orders are paid by card', () => {
    expect(WALLET_TEXT.topUpTitle).toBe('Top up your balance');
    expect(WALLET_TEXT.topUpFromBalance).toBe('Orders are paid from your available balance.');
    expect(WALLET_TEXT.topUpHow(SUPPORT_EMAIL)).toBe(
      "To add money, email support@accountry.example from your account's email address with the amount: we reply " +
        'with the bank details for a transfer. When it arrives, an admin adds it to your available balance and we ' +
        'email you; the line shows in your balance history.',
    );
    expect(WALLET_TEXT.topUpByCard).toBe('Orders are paid by card at checkout, so your balance needs no top-up.');
  });
});
