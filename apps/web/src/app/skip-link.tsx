import { Button } from '@mantine/core';

/** The first stop for keyboard users: jumps past the header and navigation; visible only while focused (app.css). */
export function SkipLink() {
  return (
    <Button component="a" href="#content" size="sm" className="skip-link">
      Skip to content
    </Button>
  );
}
