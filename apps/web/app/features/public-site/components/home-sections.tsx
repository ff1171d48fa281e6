import { Container } from '@mantine/core';
import { QueryProvider } from '../../../lib/query-client.tsx';
import { RecentReviews } from '../../reviews/components/recent-reviews.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCatalogue } from '../../quote/api/get-catalogue.ts';
import { usePublicSettings } from '../../settings/api/get-public-settings.ts';
import { youtubeId } from '../youtube.ts';
import { DeskHours } from './desk-hours.tsx';
import { Faq } from './faq.tsx';
import { TutorialVideo } from './tutorial-video.tsx';

/**
 * The sections of the home page that read the public settings or the reviews, loaded lazily
 * (with TanStack Query) so that the page's first script stays small: hours, tutorial video,
 * recent reviews and FAQ. The hours and the FAQ render the product's defaults until the settings
 * arrive, so the prerendered HTML already holds them; the video and the reviews appear once there
 * is something to show.
 */
export default function HomeSections() {
  return (
    <QueryProvider>
      <SettingsDeskHours />
      <SettingsTutorialVideo />
      <RecentReviewsSection />
      <SettingsFaq />
    </QueryProvider>
  );
}

/**
 * The public settings, but only once the page has hydrated: the calculator reads the same query,
 * and when its answer lands before these sections hydrate, rendering with it would put text the
 * prerendered HTML does not hold (hours, video, FAQ limits) into the hydration: React's #418.
 */
function useHydratedSettings() {
  const { data } = usePublicSettings();
  return useHydrated() ? data : undefined;
}

function SettingsDeskHours() {
  const data = useHydratedSettings();
  return (
    <Container size="md" pb={64} component="section" aria-labelledby="hours-title">
      <DeskHours settings={data} />
    </Container>
  );
}

function SettingsTutorialVideo() {
  const data = useHydratedSettings();
  const url = data?.youtubeTutorialUrl;
  if (!url || !youtubeId(url)) return null;
  return (
    <Container size="lg" pb={64}>
      <TutorialVideo url={url} />
    </Container>
  );
}

function SettingsFaq() {
  const data = useHydratedSettings();
  const catalogue = useCatalogue(useLocale());
  // the prerendered FAQ names no token: the catalogue's list waits until the page has hydrated
  const hydrated = useHydrated();
  return (
    <Container size="md" pb={64}>
      <Faq settings={data} tokens={hydrated ? catalogue.data?.tokens : undefined} />
    </Container>
  );
}

/** The latest reviews (the reviews feature's section, with its link to /testimonials). */
function RecentReviewsSection() {
  return (
    <Container size="lg" pb={64}>
      <RecentReviews />
    </Container>
  );
}
