import { Radio, Stack } from '@mantine/core';
import { SELF_ROLES, type SelfRole } from '@accountry/shared/roles';

export const ROLE_LABELS: Record<SelfRole | 'admin', string> = {
  buyer: 'Buyer: browse and buy accounts',
  seller: 'Seller: list accounts for sale',
  both: 'Both: buy and sell',
  admin: 'Administrator',
};

/** Buyer, seller or both: the roles a person may pick for themself. */
export function RolePicker({
  value,
  onChange,
  error,
  label = 'I want to use Accountry as',
}: {
  value: SelfRole;
  onChange: (r: SelfRole) => void;
  error?: string;
  label?: string;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={(v) => onChange(v as SelfRole)} error={error}>
      <Stack gap={6} mt={6}>
        {SELF_ROLES.map((r) => (
          <Radio key={r} value={r} label={ROLE_LABELS[r]} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
