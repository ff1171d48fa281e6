import { Container } from '@mantine/core';
import { ComingSoon } from '../components/coming-soon.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('registration');

export default function RegistrationPage() {
  return (
    <Container size="md" py="xl">
      <ComingSoon page="registration" />
    </Container>
  );
}
