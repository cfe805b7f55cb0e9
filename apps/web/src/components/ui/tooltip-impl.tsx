// The lazily loaded half of components/ui/tooltip.tsx.
export { Tooltip as default } from '@mantine/core';
