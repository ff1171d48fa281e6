import { Container } from '@mantine/core';
import { ComingSoon } from '../components/coming-soon.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('forgotPassword');

export default function ForgotPasswordPage() {
  return (
    <Container size="md" py="xl">
      <ComingSoon page="forgotPassword" />
    </Container>
  );
}
