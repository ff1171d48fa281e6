import { Container } from '@mantine/core';
import { ComingSoon } from '../components/coming-soon.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('validateEmail');

export default function ValidateEmailPage() {
  return (
    <Container size="md" py="xl">
      <ComingSoon page="validateEmail" />
    </Container>
  );
}
