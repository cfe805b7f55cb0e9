import { describe, expect, it } from 'vitest';
import {
  displayNameSchema,
  emailSchema,
  FIELD_MESSAGES,
  isValidPhoneNumber,
  maskEmail,
  newPasswordSchema,
  PASSWORD_CHECKS,
  passwordChecksFor,
  passwordProblems,
  passwordSchema,
  phoneNumberSchema,
} from './account-rules';
import { SIGN_IN_MESSAGES } from './auth-messages';

const firstError = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? null : r.error!.issues[0].message;

describe('email', () => {
  it.each([
    ['someone@example.com', 'someone@example.com'],
    ['  Some.One+tag@Example.COM ', 'some.one+tag@example.com'],
    ["o'brien@mail.example.co.uk", "o'brien@mail.example.co.uk"],
  ])('accepts %j as %j', (input, out) => {
    expect(emailSchema.parse(input)).toBe(out);
  });

  it.each([
    ['empty', ''],
    ['no at', 'someone.example.com'],
    ['no domain dot', 'someone@example'],
    ['two ats', 'a@b@example.com'],
    ['space inside', 'some one@example.com'],
    ['leading dot', '.someone@example.com'],
    ['double dot', 'some..one@example.com'],
    ['too long', `${'a'.repeat(250)}@example.com`],
    ['html', '<script>@example.com'],
  ])('refuses %s with the spec message', (_name, input) => {
    expect(firstError(emailSchema.safeParse(input))).toBe(SIGN_IN_MESSAGES.invalidEmail);
  });

  it.each([[42], [null], [{}], [['a@b.com']]])('refuses the non-string %j with the spec message', (input) => {
    expect(firstError(emailSchema.safeParse(input))).toBe(SIGN_IN_MESSAGES.invalidEmail);
  });
});

describe('new password rules', () => {
  it.each([
    ['Correct-Horse-42', undefined, []],
    ['long enough 1', undefined, []],
    ['пароль-надёжный', undefined, []],
    ['', undefined, [FIELD_MESSAGES.passwordRequired]],
    ['Ab1!x', undefined, [FIELD_MESSAGES.passwordTooShort]],
    ['abcdefgh-1'.repeat(13), undefined, [FIELD_MESSAGES.passwordTooLong]],
    ['1234567890!', undefined, [FIELD_MESSAGES.passwordNeedsLetter]],
    ['OnlyLettersHere', undefined, [FIELD_MESSAGES.passwordNeedsOther]],
    ['abababab12', undefined, [FIELD_MESSAGES.passwordTooSimple]],
    ['Password123', undefined, [FIELD_MESSAGES.passwordTooCommon]],
    ['qwerty12345', undefined, [FIELD_MESSAGES.passwordTooCommon]],
    ['my-jordan-pass-9', 'Jordan@example.com', [FIELD_MESSAGES.passwordContainsEmail]],
    ['my-jo-pass-9x', 'jo@example.com', []],
    ['shorty', undefined, [FIELD_MESSAGES.passwordTooShort, FIELD_MESSAGES.passwordNeedsOther]],
  ])('%j (email %j) breaks %j', (pw, email, problems) => {
    expect(passwordProblems(pw, email)).toEqual(problems);
  });

  it('the schema reports the first broken rule', () => {
    expect(firstError(newPasswordSchema.safeParse('Ab1!x'))).toBe(FIELD_MESSAGES.passwordTooShort);
    expect(firstError(newPasswordSchema.safeParse(12345678901))).toBe(FIELD_MESSAGES.passwordRequired);
    expect(newPasswordSchema.parse('  spaced out 1  ')).toBe('  spaced out 1  ');
  });

  it('the checklist follows the rules', () => {
    expect(PASSWORD_CHECKS.map((c) => c.test('Correct-Horse-42'))).toEqual([true, true, true]);
    expect(PASSWORD_CHECKS.map((c) => c.test('abc'))).toEqual([false, true, false]);
    // With the address known, the list also says the password must not hold it, as the server refuses it.
    const checks = passwordChecksFor('jordan.lee@example.com');
    expect(checks.map((c) => c.label)).toEqual([
      'At least 10 characters',
      'A letter',
      'A number or a symbol',
      'Not your email address',
    ]);
    expect(checks.map((c) => c.test('Jordan.Lee-2026!'))).toEqual([true, true, true, false]);
    expect(passwordProblems('Jordan.Lee-2026!', 'jordan.lee@example.com')).toContain(
      'Password must not contain your email address',
    );
    expect(passwordChecksFor('al@example.com')).toHaveLength(3);
  });
});

describe('password being checked', () => {
  it.each([
    ['x', null],
    ['', FIELD_MESSAGES.passwordRequired],
    ['x'.repeat(129), FIELD_MESSAGES.passwordTooLong],
    [undefined, FIELD_MESSAGES.passwordRequired],
  ])('%j → %j', (pw, err) => {
    expect(firstError(passwordSchema.safeParse(pw))).toBe(err);
  });
});

describe('display name', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace'],
    ['  Kai   Player ', 'Kai Player'],
    ["O'Brien-Smith Jr.", "O'Brien-Smith Jr."],
    ['Zoë_99', 'Zoë_99'],
    ['山田 太郎', '山田 太郎'],
  ])('accepts %j as %j', (input, out) => {
    expect(displayNameSchema.parse(input)).toBe(out);
  });

  it.each([
    ['one letter', 'A', FIELD_MESSAGES.displayNameLength],
    ['blank', '   ', FIELD_MESSAGES.displayNameLength],
    ['too long', 'x'.repeat(41), FIELD_MESSAGES.displayNameLength],
    ['markup', '<b>Bold</b>', FIELD_MESSAGES.displayNameChars],
    ['starts with a symbol', '-dash', FIELD_MESSAGES.displayNameChars],
    ['emoji', 'Cool 😎', FIELD_MESSAGES.displayNameChars],
    ['a right-to-left override', 'Ann\u202Enimda', FIELD_MESSAGES.displayNameChars],
    ['a bidi isolate', 'Ann \u2066Admin\u2069', FIELD_MESSAGES.displayNameChars],
    ['a C1 control', 'Ann\u0085Lee', FIELD_MESSAGES.displayNameChars],
    ['a C0 control', 'Ann\u0007Lee', FIELD_MESSAGES.displayNameChars],
    ['a number type', 42, FIELD_MESSAGES.displayNameLength],
    ['a name that claims to be staff', '  Accountry   Support ', FIELD_MESSAGES.displayNameReserved],
    ['a zero-width space inside', 'Ad\u200Bmin', FIELD_MESSAGES.displayNameChars],
  ])('refuses %s', (_name, input, message) => {
    expect(firstError(displayNameSchema.safeParse(input))).toBe(message);
  });
});

describe('phone number', () => {
  it.each([
    ['', true],
    ['+1 555 0100', true],
    ['+44 20 7946 0102', true],
    ['(030) 901-820', true],
    ['030.901.820', true],
    ['12345', false],
    ['+1234567890123456', false],
    ['call me', false],
    ['+ 1 555 0100', false],
    ['555 0100 ext 4', false],
    ['1'.repeat(10) + ' '.repeat(16), false],
  ])('%j valid: %s', (input, ok) => {
    expect(isValidPhoneNumber(input)).toBe(ok);
  });

  it('tidies whitespace and refuses wrong types and huge strings', () => {
    expect(phoneNumberSchema.parse('  +1   555  0100 ')).toBe('+1 555 0100');
    expect(firstError(phoneNumberSchema.safeParse(5550100))).toBe(FIELD_MESSAGES.phoneInvalid);
    expect(firstError(phoneNumberSchema.safeParse('1'.repeat(100_000)))).toBe(FIELD_MESSAGES.phoneInvalid);
  });
});

describe('maskEmail', () => {
  it.each([
    ['jordan@example.com', 'j•••@example.com'],
    ['a@b.co', 'a•••@b.co'],
    ['broken', '•••'],
  ])('%j → %j', (input, out) => {
    expect(maskEmail(input)).toBe(out);
  });
});
