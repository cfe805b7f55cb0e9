import { Container, Text, Title } from '@mantine/core';

export function Component() {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Browse accounts</Title>
      <Text c="dimmed">Search and filter accounts for sale.</Text>
    </Container>
  );
}
