import { stripeId } from './fake-stripe-ids';

/** The movements of the account's balance a dispute makes: the funds withdrawn with the fee, and their return. */
export interface FakeBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  currency: string;
  fee: number;
  fee_details: Array<{ amount: number; currency: string; description: string; type: 'stripe_fee' }>;
  net: number;
  reporting_category: 'dispute' | 'dispute_reversal';
  type: 'adjustment';
  created: number;
  status: 'available';
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost' | 'warning_closed';
  balance_transactions: FakeBalanceTransaction[];
  is_charge_refundable: boolean;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

/** How the bank disputes a payment: the whole of it by default, with Stripe's $15.00 fee. */
export interface DisputeOptions {
  reason?: string;
  /** Less than the payment for a partial chargeback. */
  amount?: number;
  currency?: string;
  /** Stripe's fee for the dispute, in the account's currency (usd); 0 for none. */
  feeCents?: number;
}

/** Stripe's fee for handling a dispute, taken from the account's balance with the disputed funds. */
export const FAKE_DISPUTE_FEE_CENTS = 1500;

/**
 * The account's disputes (chargebacks): opened on a payment with the funds and Stripe's fee withdrawn from the balance,
 * decided by the bank, the funds (and usually the fee) returned when it decides for the seller.
 */
export class FakeDisputes {
  readonly all = new Map<string, FakeDispute>();

  constructor(private readonly nowSeconds: () => number) {}

  open(intent: { id: string; amount: number; currency: string }, options: DisputeOptions): FakeDispute {
    const amount = options.amount ?? intent.amount;
    const dispute: FakeDispute = {
      id: stripeId('dp'),
      object: 'dispute',
      amount,
      currency: options.currency ?? intent.currency,
      charge: stripeId('ch'),
      payment_intent: intent.id,
      reason: options.reason ?? 'fraudulent',
      status: 'needs_response',
      balance_transactions: [this.balanceTransaction(-amount, options.feeCents ?? FAKE_DISPUTE_FEE_CENTS)],
      is_charge_refundable: false,
      created: this.nowSeconds(),
      livemode: false,
      metadata: {},
    };
    this.all.set(dispute.id, dispute);
    return dispute;
  }

  /** The bank decides. For the seller, the funds come back, and the fee with them unless `feeReturned` is false. */
  close(id: string, status: 'won' | 'lost' | 'warning_closed', feeReturned: boolean): FakeDispute {
    const dispute = this.all.get(id);
    if (!dispute) throw new Error(`No such dispute: '${id}'`);
    dispute.status = status;
    const withdrawn = dispute.balance_transactions[0];
    if (status !== 'lost' && withdrawn)
      dispute.balance_transactions.push(this.balanceTransaction(-withdrawn.amount, feeReturned ? -withdrawn.fee : 0));
    return dispute;
  }

  private balanceTransaction(amount: number, fee: number): FakeBalanceTransaction {
    const details =
      fee === 0 ? [] : [{ amount: fee, currency: 'usd', description: 'Dispute fee', type: 'stripe_fee' as const }];
    return {
      id: stripeId('txn'),
      object: 'balance_transaction',
      amount,
      currency: 'usd',
      fee,
      fee_details: details,
      net: amount - fee,
      reporting_category: amount < 0 ? 'dispute' : 'dispute_reversal',
      type: 'adjustment',
      created: this.nowSeconds(),
      status: 'available',
    };
  }
}
