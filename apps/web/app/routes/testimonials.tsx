import { Container } from '@mantine/core';
import { ComingSoon } from '../components/coming-soon.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('testimonials');

export default function TestimonialsPage() {
  return (
    <Container size="md" py="xl">
      <ComingSoon page="testimonials" />
    </Container>
  );
}
