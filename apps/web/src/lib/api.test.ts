import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { AUTH_ERROR_CODES } from '@accountry/shared/auth-messages';
import { ApiRequestError, isNoSession, onNoSession, readResponse } from './api';

const failure = async (res: Response) => {
  const err = await readResponse(res).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiRequestError);
  return err as ApiRequestError;
};
const page = (status: number) => new Response('<html><body>Bad gateway</body></html>', { status });

describe('reading an API reply', () => {
  it("gives the server's own message, code and fields", async () => {
    const body = { error: { code: 'VALIDATION', message: 'Check the form.', fields: { code: 'Enter the code.' } } };
    const err = await failure(Response.json(body, { status: 400 }));
    expect([err.status, err.code, err.message, err.fields]).toEqual([
      400,
      'VALIDATION',
      'Check the form.',
      body.error.fields,
    ]);
  });

  it('says what happened when a page in front of the server answers instead of the API', async () => {
    for (const status of [502, 503, 504])
      expect((await failure(page(status))).message).toBe(
        'Accountry is not answering right now. Please try again in a minute.',
      );
    expect((await failure(page(413))).message).toBe('That is too large to send.');
    const other = await failure(page(500));
    expect([other.status, other.code, other.message, other.fields]).toEqual([
      500,
      'UNKNOWN',
      'Something went wrong on our side (error 500). Please try again.',
      {},
    ]);
  });

  it('reads a success and an empty reply', async () => {
    expect(await readResponse(Response.json({ ok: true }))).toEqual({ ok: true });
    expect(await readResponse(new Response(null, { status: 204 }))).toBeUndefined();
  });
});

describe('a refusal for want of a session', () => {
  const refusal = (code: string, status = 401) =>
    Response.json({ error: { code, message: 'No user is currently signed in' } }, { status });
  afterEach(() => onNoSession(() => undefined));

  it('is told to the handler before the caller sees it; a refused password or code is not', async () => {
    const told = vi.fn();
    onNoSession(told);
    const err = await failure(refusal(ERROR_CODES.unauthorized));
    expect(isNoSession(err)).toBe(true);
    expect(told).toHaveBeenCalledExactlyOnceWith(err);

    for (const code of [AUTH_ERROR_CODES.invalidCredentials, AUTH_ERROR_CODES.twoFactorInvalid])
      expect(isNoSession(await failure(refusal(code)))).toBe(false);
    expect(isNoSession(await failure(refusal(ERROR_CODES.unauthorized, 403)))).toBe(false);
    expect(told).toHaveBeenCalledTimes(1);
  });
});
