import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';

/** The frame of the sign-in, registration and password pages: a title, a line, a card. */
export function AuthCard({
  title,
  intro,
  size = 'xs',
  children,
}: {
  title: string;
  intro?: ReactNode;
  size?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <Container size={size} py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          {intro ? <Text c="dimmed">{intro}</Text> : null}
        </Stack>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
          {children}
        </Paper>
      </Stack>
    </Container>
  );
}
