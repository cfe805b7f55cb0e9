import { Radio, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { PAYOUT_METHOD_KINDS, PAYOUT_METHOD_LABELS, type PayoutMethodKind } from '@accountry/shared/payout-methods';

export type PayoutDetailField = 'email' | 'holder' | 'routingNumber' | 'accountNumber' | 'iban';
export type PayoutDetailValues = Record<PayoutDetailField, string>;

export const EMPTY_PAYOUT_DETAILS: PayoutDetailValues = {
  email: '',
  holder: '',
  routingNumber: '',
  accountNumber: '',
  iban: '',
};

/** The fields each method sends, in the order they are asked. */
export const PAYOUT_METHOD_FIELDS: Record<PayoutMethodKind, PayoutDetailField[]> = {
  paypal: ['email'],
  us_bank: ['holder', 'routingNumber', 'accountNumber'],
  iban: ['holder', 'iban'],
};

// Labels as the admin who sends the money reads them (payoutDetailLines); bank numbers are not the browser's to fill.
const FIELD_PROPS: Record<PayoutDetailField, TextInputProps> = {
  email: { label: 'PayPal email', type: 'email', autoComplete: 'email' },
  holder: {
    label: 'Account holder',
    description: 'The name on the account, as the bank has it.',
    autoComplete: 'name',
  },
  routingNumber: { label: 'Routing number', description: '9 digits.', inputMode: 'numeric', autoComplete: 'off' },
  accountNumber: { label: 'Account number', inputMode: 'numeric', autoComplete: 'off' },
  iban: {
    label: 'IBAN',
    description: 'With or without spaces.',
    autoComplete: 'off',
    autoCapitalize: 'characters',
    spellCheck: false,
  },
};

interface Props {
  kind: PayoutMethodKind;
  values: PayoutDetailValues;
  /** Keyed like the server's fields: `details.iban`. */
  errors: Record<string, string | undefined>;
  onKind: (kind: PayoutMethodKind) => void;
  onChange: (field: PayoutDetailField, value: string) => void;
}

/** The choice of method, then that method's fields. */
export function PayoutDetailFields({ kind, values, errors, onKind, onChange }: Props) {
  return (
    <>
      <Radio.Group label="Payout method" value={kind} onChange={(v) => onKind(v as PayoutMethodKind)} required>
        <Stack gap="xs" mt="xs">
          {PAYOUT_METHOD_KINDS.map((k) => (
            <Radio key={k} value={k} label={PAYOUT_METHOD_LABELS[k]} data-autofocus={k === kind || undefined} />
          ))}
        </Stack>
      </Radio.Group>
      {PAYOUT_METHOD_FIELDS[kind].map((field) => (
        <TextInput
          key={field}
          {...FIELD_PROPS[field]}
          required
          value={values[field]}
          error={errors[`details.${field}`]}
          onChange={(e) => onChange(field, e.currentTarget.value)}
        />
      ))}
    </>
  );
}
