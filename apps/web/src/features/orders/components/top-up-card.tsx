import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Anchor, Card, Text, Title } from '@mantine/core';
import { SUPPORT_EMAIL } from '@accountry/shared/constants';
import { WALLET_TEXT as T } from './wallet-view';

/** The wallet's section at #top-up, where an unpaid order's "Top up your balance" leads. */
export const TOP_UP_ID = 'top-up';

/**
 * How money gets onto the balance (decision 222): a bank transfer an admin records, asked for by e-mail; nothing to do
 * when orders are paid by card. Opened at #top-up, the page starts here: scrolled to, with the focus.
 */
export function TopUpCard({ paysFromBalance }: { paysFromBalance: boolean }) {
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${TOP_UP_ID}`) return;
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.focus({ preventScroll: true });
  }, [hash]);
  const [before, after] = T.topUpHow(SUPPORT_EMAIL).split(SUPPORT_EMAIL);
  return (
    <Card withBorder component="section" aria-labelledby="top-up-title" id={TOP_UP_ID} tabIndex={-1} ref={section}>
      <Title order={2} size="h4" mb="sm" id="top-up-title">
        {T.topUpTitle}
      </Title>
      {paysFromBalance ? (
        <>
          <Text size="sm">{T.topUpFromBalance}</Text>
          <Text size="sm" mt="xs">
            {before}
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit>
              {SUPPORT_EMAIL}
            </Anchor>
            {after}
          </Text>
        </>
      ) : (
        <Text size="sm">{T.topUpByCard}</Text>
      )}
    </Card>
  );
}
