import type { ReactNode } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import type { PageId } from '../lib/meta.ts';

type LegalSection = 'contact' | 'business' | 'pld' | 'privacy' | 'terms';

/** A public text page: its title and the paragraphs of `legal.<section>`. */
export function LegalPage({
  page,
  section,
  children,
}: {
  page: PageId;
  section: LegalSection;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{t(`pages.${page}.title`)}</Title>
        <Text size="lg">{t(`legal.${section}.p1`)}</Text>
        <Text>{t(`legal.${section}.p2`)}</Text>
        <Text>{t(`legal.${section}.p3`)}</Text>
        {children}
      </Stack>
    </Container>
  );
}
