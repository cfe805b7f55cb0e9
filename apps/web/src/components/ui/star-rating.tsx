import { Box, Input, Rating, type MantineSize } from '@mantine/core';

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

/**
 * The required "Your rating" field of a form: the stars are radios whose root is the group, named by the label and
 * described by the message when there is one. `id` names the label; its message is `${id}-error`.
 */
export function StarRatingField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  return (
    <Input.Wrapper
      label="Your rating"
      required
      error={error}
      labelElement="div"
      labelProps={{ id }}
      errorProps={{ id: `${id}-error` }}
    >
      <Rating
        value={value}
        onChange={onChange}
        size="lg"
        getSymbolLabel={(i) => `${i} star${i === 1 ? '' : 's'}`}
        role="radiogroup"
        aria-labelledby={id}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={!!error || undefined}
        aria-required
      />
    </Input.Wrapper>
  );
}
