import type { Ref } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';

type Props = Omit<NumberInputProps, 'prefix' | 'suffix' | 'decimalScale'> & {
  currency: string;
  ref?: Ref<HTMLInputElement>;
};

/** An amount of money as people type it: the currency's sign, two decimals, grouped thousands, a phone's number pad. */
export function MoneyInput({ currency, ...props }: Props) {
  return (
    <NumberInput
      prefix={currency === 'USD' ? '$' : undefined}
      suffix={currency === 'USD' ? undefined : ` ${currency}`}
      decimalScale={2}
      min={0}
      thousandSeparator=","
      hideControls
      inputMode="decimal"
      {...props}
    />
  );
}
