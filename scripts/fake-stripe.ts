import { FakeStripe } from '../apps/server/src/test/fake-stripe/fake-stripe';

/**
 * The local fake of Stripe's API for trying `PAYMENT_PROVIDER=stripe` without a Stripe account (see the README):
 * its hosted test page pays the session and sends the signed webhook to the server.
 */
const port = Number(process.env.FAKE_STRIPE_PORT ?? 3351);
const apiKey = process.env.STRIPE_SECRET_KEY ?? 'sk_test_local_fake';
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local_fake';
const webhookUrl = process.env.STRIPE_WEBHOOK_URL ?? 'http://localhost:3000/api/payments/stripe/webhook';

const fake = await FakeStripe.start({ apiKey, webhookSecret, webhookUrl, port });
console.log(`Fake Stripe on ${fake.url}, webhooks to ${webhookUrl}. Start the server with:`);
console.log(
  `  PAYMENT_PROVIDER=stripe STRIPE_API_BASE=${fake.url} STRIPE_SECRET_KEY=${apiKey} STRIPE_WEBHOOK_SECRET=${webhookSecret} npm start`,
);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
