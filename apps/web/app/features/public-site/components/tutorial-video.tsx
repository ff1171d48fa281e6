import { useState } from 'react';
import { Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react.tsx';
import { youtubeId } from '../youtube.ts';
import classes from './public-site.module.css';

/**
 * The tutorial of the settings as a click-to-load player: until the visitor presses play the page
 * makes no request to YouTube (no thumbnail, no script); then the privacy-enhanced player
 * (youtube-nocookie.com, the only frame source the page policy allows) loads and plays.
 */
export function TutorialVideo({ url }: { url: string | null | undefined }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const id = url ? youtubeId(url) : null;
  if (!id) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="video-title">
      <Title order={2} ta="center" id="video-title">
        {t('home.video.title')}
      </Title>
      <Text ta="center" c="dimmed" maw={560} mx="auto">
        {t('home.video.body')}
      </Text>
      <div className={classes.video}>
        {playing ? (
          <iframe
            className={classes.videoFrame}
            src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
            title={t('home.video.frameTitle')}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className={classes.videoPoster}>
            <UnstyledButton
              className={classes.playButton}
              onClick={() => setPlaying(true)}
              aria-describedby="video-privacy"
              data-testid="tutorial-play"
            >
              <span className={classes.playIcon} aria-hidden="true">
                <IconPlayerPlayFilled size={34} />
              </span>
              <span className={classes.playLabel}>{t('home.video.play')}</span>
            </UnstyledButton>
          </div>
        )}
      </div>
      <Text size="sm" c="dimmed" ta="center" maw={560} mx="auto" id="video-privacy">
        {t('home.video.privacy')}
      </Text>
    </Stack>
  );
}
