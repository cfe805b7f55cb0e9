import { Select, type SelectProps } from '@mantine/core';

/** The lazily loaded half of components/ui/select.tsx (string values). */
export default function StringSelect(props: SelectProps) {
  return <Select {...props} />;
}
