import '@mantine/core/styles/Skeleton.css';
import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../../../i18n/react.tsx';
import classes from './calculator.module.css';

/** Same footprint as the calculator, shown while its code and the catalogue load. */
export function CalculatorSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="lg" className={classes.card} aria-busy="true">
      <Stack gap="md">
        <span className={classes.srOnly} role="status">
          {t('common.loading')}
        </span>
        <Skeleton height={26} width="60%" />
        <Group gap="sm" wrap="nowrap">
          <Skeleton height={58} width="40%" />
          <Skeleton height={58} />
        </Group>
        <Group justify="center">
          <Skeleton height={34} width={34} circle />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Skeleton height={58} width="40%" />
          <Skeleton height={58} />
        </Group>
        <Skeleton height={1} />
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} width="80%" />
        <Skeleton height={42} mt="md" />
      </Stack>
    </Paper>
  );
}
