import { Suspense, lazy } from 'react';
import { Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import { ShellLinkButton } from '../components/shell-button.tsx';
import { pageMeta } from '../lib/meta.ts';
import classes from './home.module.css';

export const meta = pageMeta('home');

// its code (Select, popovers, TanStack Query) loads beside the catalogue request
const Calculator = lazy(() => import('../features/quote/components/calculator.tsx'));
/**
 * Resolves once the element is near the viewport; at once without it (a client navigation, the
 * prerender) or without IntersectionObserver.
 */
function nearViewport(id: string): Promise<void> {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
  });
}

// hours, tutorial, reviews and FAQ read the settings and the reviews: one lazy chunk with
// TanStack Query, prerendered all the same. Its code loads (and the static HTML hydrates) when
// the visitor nears it, so that the calculator alone competes for the first seconds.
const HomeSections = lazy(() =>
  nearViewport('home-sections').then(
    () => import('../features/public-site/components/home-sections.tsx'),
  ),
);

const STEPS = ['one', 'two', 'three'] as const;
const POINTS = ['point1', 'point2', 'point3'] as const;

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" className={classes.heroGrid}>
          <Stack gap="lg">
            <Text component="p" size="sm" fw={700} className={classes.eyebrow}>
              {t('home.hero.eyebrow')}
            </Text>
            <Title order={1} className={classes.title}>
              {t('home.hero.title')}
            </Title>
            <Text size="lg" className={classes.subtitle}>
              {t('home.hero.subtitle')}
            </Text>
            <ul className={classes.points}>
              {POINTS.map((point) => (
                <li key={point}>
                  <span className={classes.check} aria-hidden="true">
                    {/* the check drawn here, not imported: an icon module of its own would be one
                        more chunk on the home page's first load (see after-build's budget) */}
                    <svg
                      width={14}
                      height={14}
                      viewBox="0 0 24 24"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth={2.5}
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    >
                      <path d="M5 12l5 5l10 -10" />
                    </svg>
                  </span>
                  {t(`home.hero.${point}`)}
                </li>
              ))}
            </ul>
            <Group gap="sm">
              <ShellLinkButton to="/#how-it-works" variant="default" size="md">
                {t('home.hero.secondary')}
              </ShellLinkButton>
              <ShellLinkButton to="/track" variant="subtle" size="md" data-testid="home-track">
                {t('home.hero.track')}
              </ShellLinkButton>
            </Group>
          </Stack>
          <div id="calculator" className={classes.calculator}>
            <Suspense fallback={<div className={classes.calculatorFallback} />}>
              <Calculator />
            </Suspense>
          </div>
        </Container>
      </Box>

      <Container
        size="lg"
        py={64}
        id="how-it-works"
        component="section"
        aria-labelledby="steps-title"
      >
        <Title order={2} ta="center" mb="xl" id="steps-title">
          {t('home.steps.title')}
        </Title>
        <ol className={classes.steps}>
          {STEPS.map((step, index) => (
            <Paper component="li" key={step} withBorder p="lg" radius="lg">
              <Stack gap="sm">
                <span className={classes.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <Title order={3} size="h4">
                  {t(`home.steps.${step}.title`)}
                </Title>
                <Text c="dimmed">{t(`home.steps.${step}.body`)}</Text>
              </Stack>
            </Paper>
          ))}
        </ol>
      </Container>

      <div id="home-sections">
        <Suspense fallback={<div className={classes.sectionsFallback} />}>
          <HomeSections />
        </Suspense>
      </div>
    </>
  );
}
