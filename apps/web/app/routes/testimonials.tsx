import { lazy, Suspense } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { ScreenLoader } from '../components/screen-loader.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('testimonials');

// the reviews load in the browser (the page itself is prerendered): a hidden one never lingers
const TestimonialsScreen = lazy(
  () => import('../features/reviews/components/testimonials-screen.tsx'),
);

export default function TestimonialsPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('pages.testimonials.title')}</Title>
          <Text maw={720}>{t('reviews.public.intro')}</Text>
        </Stack>
        <Suspense fallback={<ScreenLoader />}>
          <TestimonialsScreen />
        </Suspense>
      </Stack>
    </Container>
  );
}
