import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { AppError } from '../../lib/app-error';
import type { Interleave } from '../../test/interleave';
import { useRaceTestApp } from '../../test/race-app';
import { TEST_PASSWORD, type TestContext } from '../../test/test-app';
import { memberWithTwoFactor, signInWithCode } from '../../test/two-factor-helpers';
import { checkSignIn } from './signin.service';

/**
 * Wrong second factors sent at once: another sign-in runs, on a second connection as another process would, while one
 * is between counting its try and checking it.
 */
let ctx: TestContext;
let second: DatabaseHandle;
let interleave: Interleave;
useRaceTestApp((race) => ({ ctx, second, interleave } = race));

const WRONG_CODE_SUBJECT = 'Someone entered your Accountry password with a wrong code';

describe('wrong codes sent at once', () => {
  it('the owner still hears that their password is known, once', async () => {
    const { user } = await memberWithTwoFactor(ctx);
    let other: string | undefined;
    // A wrong recovery code is looked up (an update) after its try was counted: a wrong app code comes in meanwhile.
    interleave.arm(
      'recovery_codes',
      async () => {
        const input = { email: user.email, password: TEST_PASSWORD, code: '000000' };
        other = await checkSignIn({ ...ctx.deps, db: second }, input, '198.51.100.7').then(
          () => 'signed in',
          (e: AppError) => e.code,
        );
      },
      'update',
    );
    const first = await signInWithCode(ctx, user.email, 'abcde-fghjk');
    expect([first.json().error.code, other]).toEqual(['TWO_FACTOR_INVALID', 'TWO_FACTOR_INVALID']);
    const mails = (await ctx.mailsTo(user.email)).filter((m) => m.subject === WRONG_CODE_SUBJECT);
    expect(mails).toHaveLength(1);
  });
});
