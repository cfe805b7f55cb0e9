import { Link } from 'react-router';
import { Anchor, Container, Group, Text } from '@mantine/core';
import { FOOTER_LINKS } from './nav';

export function SiteFooter() {
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © 2026 Accountry · the account marketplace
          </Text>
          <Group gap="md" component="nav" aria-label="Footer">
            {FOOTER_LINKS.map((l) => (
              <Anchor key={l.to} component={Link} to={l.to} size="sm" c="dimmed" className="tap-height">
                {l.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
