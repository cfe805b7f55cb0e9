import { Anchor } from '@mantine/core';
import { linkify } from '@accountry/shared/chat-links';

/** Message text as text (React escapes it); http(s) links open in a new tab without passing on the page or ranking. */
export function MessageText({ body }: { body: string }) {
  return (
    <>
      {linkify(body).map((part, i) =>
        part.type === 'link' ? (
          <Anchor
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            inherit
            underline="always"
            c="inherit"
          >
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
