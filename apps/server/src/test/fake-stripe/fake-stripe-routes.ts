import type { FormTree } from './form-body';
import type { FakeStripeResources } from './fake-stripe-resources';
import { stripeError, type FakeReply } from './fake-stripe-replies';

/** The API requests the fake answers, by method and path, as Stripe routes them; any other is Stripe's 404. */
export function routeApi(resources: FakeStripeResources, method: string, path: string, params: FormTree): FakeReply {
  const session = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
  if (method === 'POST' && path === '/v1/checkout/sessions') return resources.createSession(params);
  if (method === 'GET' && path === '/v1/checkout/sessions') return resources.listSessions(params);
  if (method === 'GET' && session && !session[2]) return resources.retrieveSession(session[1]);
  if (method === 'POST' && session?.[2]) return resources.expireSession(session[1]);
  if (method === 'POST' && path === '/v1/refunds') return resources.createRefund(params);
  if (method === 'GET' && path === '/v1/refunds') return resources.listRefunds(params);
  if (method === 'GET' && path === '/v1/disputes') return resources.listDisputes(params);
  const dispute = /^\/v1\/disputes\/([^/]+)$/.exec(path);
  if (method === 'GET' && dispute) return resources.retrieveDispute(dispute[1]);
  return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
}
