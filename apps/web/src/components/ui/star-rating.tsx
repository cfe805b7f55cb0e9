import { Box, Rating, type MantineSize } from '@mantine/core';

/** A read-only star rating that screen readers announce as one image ("4 out of 5 stars"). */
export function StarRating({
  value,
  label,
  size,
  mt,
}: {
  value: number;
  label: string;
  size?: MantineSize;
  mt?: string;
}) {
  return (
    <Box role="img" aria-label={label} mt={mt} style={{ display: 'inline-block' }}>
      <Rating value={value} readOnly size={size} />
    </Box>
  );
}
