import '@mantine/core/styles/Badge.css';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import type { PublicSettings } from '@permuta/contracts/settings';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import {
  DEFAULT_HOURS,
  capitalize,
  formatClock,
  formatSchedule,
  nextOpeningText,
} from '../site-facts.ts';
import classes from './public-site.module.css';

/**
 * The operating hours (from the settings; the product's default in the prerendered HTML) and,
 * once the settings arrive, whether the desk is open now or when it opens.
 */
export function DeskHours({ settings }: { settings: PublicSettings | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const hours = settings?.operatingHours ?? DEFAULT_HOURS;
  return (
    <Paper withBorder p="lg" radius="lg" className={classes.hours}>
      <Stack gap="sm">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconClockHour4 size={22} aria-hidden="true" className={classes.accentIcon} />
            <Title order={2} size="h3" id="hours-title">
              {t('home.hours.title')}
            </Title>
          </Group>
          {settings && (
            <Badge
              size="lg"
              variant="light"
              color={settings.deskOpenNow ? 'green' : 'gray'}
              tt="none"
              data-testid="desk-status"
            >
              {settings.deskOpenNow ? t('home.hours.openNow') : t('home.hours.closedNow')}
            </Badge>
          )}
        </Group>
        <Text fw={600} data-testid="desk-schedule">
          {capitalize(formatSchedule(hours, locale, t))}
        </Text>
        {settings && (
          <Text size="sm" data-testid="desk-next">
            {settings.deskOpenNow
              ? t('home.hours.closesAt', { time: formatClock(hours.close, locale) })
              : settings.nextOpeningAt &&
                nextOpeningText(settings.nextOpeningAt, hours.timeZone, new Date(), locale, t)}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('home.hours.body')}
        </Text>
      </Stack>
    </Paper>
  );
}
