import '@mantine/core/styles/Alert.css';
import { Alert, Stack, Text, Title } from '@mantine/core';
import {
  IconBrandInstagram,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconBrandYoutube,
  IconMail,
  IconPhone,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { PublicSettings } from '@permuta/contracts/settings';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatPhone } from '../../../lib/format.ts';
import classes from './public-site.module.css';

export type ChannelKind = 'whatsapp' | 'email' | 'phone' | 'instagram' | 'telegram' | 'youtube';

export interface Channel {
  kind: ChannelKind;
  href: string;
  /** what the visitor reads: the address, the number or the handle */
  value: string;
  external: boolean;
}

/** `https://t.me/permuta` -> `@permuta`; `https://www.youtube.com/@permuta` -> `@permuta`. */
export function handleOf(url: string): string | null {
  try {
    const segment = new URL(url).pathname.split('/').find((part) => part !== '');
    if (!segment || segment === 'channel' || segment === 'c') return null;
    return segment.startsWith('@') ? segment : `@${segment}`;
  } catch {
    return null;
  }
}

/** The channels the settings configure, in the order people use them most. */
export function channelsOf(settings: PublicSettings): Channel[] {
  const channels: Channel[] = [];
  if (settings.whatsappUrl && settings.supportPhone) {
    channels.push({
      kind: 'whatsapp',
      href: settings.whatsappUrl,
      value: formatPhone(settings.supportPhone),
      external: true,
    });
  }
  if (settings.supportEmail) {
    channels.push({
      kind: 'email',
      href: `mailto:${settings.supportEmail}`,
      value: settings.supportEmail,
      external: false,
    });
  }
  if (settings.supportPhone) {
    channels.push({
      kind: 'phone',
      href: `tel:${settings.supportPhone}`,
      value: formatPhone(settings.supportPhone),
      external: false,
    });
  }
  const social: [ChannelKind, string | null][] = [
    ['instagram', settings.instagramUrl],
    ['telegram', settings.telegramUrl],
    ['youtube', settings.youtubeUrl],
  ];
  for (const [kind, url] of social) {
    if (url) channels.push({ kind, href: url, value: handleOf(url) ?? url, external: true });
  }
  return channels;
}

const ICONS: Record<ChannelKind, ReactNode> = {
  whatsapp: <IconBrandWhatsapp size={22} aria-hidden="true" />,
  email: <IconMail size={22} aria-hidden="true" />,
  phone: <IconPhone size={22} aria-hidden="true" />,
  instagram: <IconBrandInstagram size={22} aria-hidden="true" />,
  telegram: <IconBrandTelegram size={22} aria-hidden="true" />,
  youtube: <IconBrandYoutube size={22} aria-hidden="true" />,
};

/**
 * The support channels of the settings as links (WhatsApp from the support phone, e-mail,
 * phone, Instagram, Telegram, YouTube), "Contact temporarily unavailable" when none is set.
 */
export function ContactChannels({
  settings,
  isError,
  onRetry,
}: {
  settings: PublicSettings | undefined;
  isError: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (isError && !settings) {
    body = <LoadFailure message={t('contact.loadError')} onRetry={onRetry} />;
  } else if (!settings) {
    body = <LoadingStatus />;
  } else {
    const channels = channelsOf(settings);
    body =
      channels.length === 0 ? (
        <Alert
          variant="light"
          color="yellow"
          title={t('contact.unavailableTitle')}
          icon={<IconPlugConnectedX aria-hidden="true" />}
          data-testid="contact-unavailable"
        >
          {t('contact.unavailableBody')}
        </Alert>
      ) : (
        <ul className={classes.channels} data-testid="contact-channels">
          {channels.map((channel) => (
            <li key={channel.kind}>
              <a
                className={classes.channel}
                href={channel.href}
                {...(channel.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                <span className={classes.channelIcon}>{ICONS[channel.kind]}</span>
                <span className={classes.channelText}>
                  <Text component="span" fw={700}>
                    {t(`contact.channels.${channel.kind}`)}
                  </Text>
                  <Text component="span" size="sm" c="dimmed">
                    {channel.value}
                  </Text>
                  {channel.external && (
                    <span className="app-sr-only">{t('contact.channels.opensInNewTab')}</span>
                  )}
                </span>
              </a>
            </li>
          ))}
        </ul>
      );
  }
  return (
    <Stack gap="md" component="section" aria-labelledby="channels-title">
      <Title order={2} size="h3" id="channels-title">
        {t('contact.channelsTitle')}
      </Title>
      {body}
    </Stack>
  );
}
