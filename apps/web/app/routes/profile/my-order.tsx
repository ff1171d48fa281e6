import { Container } from '@mantine/core';
import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profileMyOrder');

export default function ProfileMyOrderPage() {
  return (
    <Container size="md" py="xl">
      <ComingSoon page="profileMyOrder" />
    </Container>
  );
}
