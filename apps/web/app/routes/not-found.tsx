import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Code.css';
import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { useLocation } from 'react-router';
import { LocalLink } from '../components/local-link.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('notFound');

/** Any path no route matches (the `*` route of each locale, inside the default layout). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Container size="md" py={64}>
      <Stack gap="md" align="flex-start">
        <Text c="dimmed" fw={700}>
          404
        </Text>
        <Title order={1}>
          {t('notFound.message')}:{' '}
          <Code fz="inherit" style={{ wordBreak: 'break-all' }}>{`${pathname}${search}`}</Code>
        </Title>
        <Text>{t('notFound.body')}</Text>
        <Button component={LocalLink} to="/">
          {t('common.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
