import { Container } from '@mantine/core';
import { ComingSoon } from '../../components/coming-soon.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminManagerCustomer');

export default function AdminManagerCustomerPage() {
  return (
    <Container size="md" py="xl">
      <ComingSoon page="adminManagerCustomer" />
    </Container>
  );
}
