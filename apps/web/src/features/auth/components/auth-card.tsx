import type { ReactNode } from 'react';
import { Container, Paper, Text, Title } from '@mantine/core';

/** The frame of the sign-in, sign-up, reset and verification pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Container size={460} py="xl">
      <Title order={1} ta="center">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" ta="center" mt={6}>
          {subtitle}
        </Text>
      )}
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}
