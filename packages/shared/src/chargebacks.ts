/** What the card's bank said, in words for the order page (decision 183); Stripe's reason codes are not for people. */
const REASONS: Record<string, string> = {
  fraudulent: 'the cardholder says they did not make the payment',
  product_not_received: 'the cardholder says the account never arrived',
  product_unacceptable: 'the cardholder says the account was not as described',
  duplicate: 'the cardholder says they were charged twice',
  credit_not_processed: 'the cardholder says a promised refund never came',
  unrecognized: 'the cardholder does not recognise the payment',
  subscription_canceled: 'the cardholder says they had canceled',
};

export const chargebackReasonText = (code: string) => REASONS[code] ?? 'no reason given';
