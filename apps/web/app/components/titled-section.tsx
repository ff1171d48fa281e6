import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** A bordered part of a screen under its own heading, which names it (`id` is the heading's). */
export function TitledSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder p="lg" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
