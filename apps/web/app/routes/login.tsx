import { Container } from '@mantine/core';
import { ComingSoon } from '../components/coming-soon.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useSignedInRedirect } from '../lib/use-signed-in-redirect.ts';

export const meta = pageMeta('login');

export default function LoginPage() {
  useSignedInRedirect('customer');
  return (
    <Container size="xs" py="xl">
      <ComingSoon page="login" />
    </Container>
  );
}
