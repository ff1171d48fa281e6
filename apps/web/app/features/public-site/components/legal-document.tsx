import { Suspense, use, useMemo, type ReactNode } from 'react';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { BRAND } from '../../../lib/build-info.ts';
import type { Locale } from '../../../lib/locale.ts';
import { QueryProvider } from '../../../lib/query-client.tsx';
import type { PageId } from '../../../lib/meta.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { usePublicSettings } from '../../settings/api/get-public-settings.ts';
import { LEGAL_CONTENT } from '../content/load.ts';
import type { LegalContent, LegalDocument, LegalDocumentId, LegalFacts } from '../content/types.ts';
import { legalFacts } from '../site-facts.ts';
import classes from './public-site.module.css';

/** One load per document and language, kept: `use()` needs the same promise on every render. */
const contents = new Map<string, Promise<LegalContent>>();

function contentOf(id: LegalDocumentId, locale: Locale): Promise<LegalContent> {
  const key = `${id}:${locale}`;
  let content = contents.get(key);
  if (!content) {
    content = LEGAL_CONTENT[id][locale]().then((module) => module.default);
    contents.set(key, content);
  }
  return content;
}

/** The document in the page's language (suspends while its module loads). */
function Body({ id, locale, facts }: { id: LegalDocumentId; locale: Locale; facts: LegalFacts }) {
  const content = use(contentOf(id, locale));
  return <DocumentBody document={content(facts)} policy={id !== 'business'} />;
}

/** `24 November 2026` / `24 de novembro de 2026`. */
function longDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/**
 * The opening paragraph and the sections; a policy also has its last-updated date and a table
 * of contents.
 */
export function DocumentBody({ document, policy }: { document: LegalDocument; policy: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap="lg" className={classes.document}>
      {policy && (
        <Text size="sm" c="dimmed" data-testid="legal-updated">
          {t('legal.updated', { date: longDate(document.updated, locale) })}
        </Text>
      )}
      <Text size="lg">{document.summary}</Text>
      {policy && (
        <Paper
          withBorder
          p="md"
          component="nav"
          aria-labelledby="toc-title"
          className={classes.toc}
        >
          <Text fw={700} mb="xs" id="toc-title">
            {t('legal.contents')}
          </Text>
          <ol>
            {document.sections.map((section) => (
              <li key={section.id}>
                <Anchor href={`#${section.id}`}>{section.heading}</Anchor>
              </li>
            ))}
          </ol>
        </Paper>
      )}
      {document.sections.map((section) => (
        <Stack gap="sm" key={section.id} component="section" aria-labelledby={section.id}>
          <Title order={2} size="h3" id={section.id}>
            {section.heading}
          </Title>
          {section.blocks.map((block, index) =>
            typeof block === 'string' ? (
              <Text key={index}>{block}</Text>
            ) : (
              <ul key={index}>
                {block.list.map((item) => (
                  <li key={item}>
                    <Text span>{item}</Text>
                  </li>
                ))}
              </ul>
            ),
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function LiveDocument({ id }: { id: LegalDocumentId }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data } = usePublicSettings();
  const facts = useMemo(() => legalFacts(data, locale, t, BRAND), [data, locale, t]);
  return (
    <>
      <Suspense fallback={<div className={classes.documentFallback} />}>
        <Body id={id} locale={locale} facts={facts} />
      </Suspense>
      {id !== 'business' && <AskUs email={facts.supportEmail} />}
    </>
  );
}

/** Where to ask about a policy: the support e-mail (once known) and the contact page. */
function AskUs({ email }: { email: string | null }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="lg" component="aside" aria-labelledby="ask-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="ask-title">
          {t('legal.askTitle')}
        </Title>
        <Text>{t('legal.askBody')}</Text>
        {email && (
          <Anchor href={`mailto:${email}`} data-testid="legal-email">
            {t('legal.askEmail', { email })}
          </Anchor>
        )}
        <Anchor component={LocalLink} to="/contact">
          {t('pages.contact.title')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/**
 * A long text of the public site (business page, policies, terms) under the page's title: its
 * words come from the document's module in the page's language, its numbers and contacts from
 * the settings (defaults in the prerendered HTML). Policies end with where to ask about them;
 * `children` follow.
 */
export function LegalDocumentPage({
  page,
  id,
  children,
}: {
  page: PageId;
  id: LegalDocumentId;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t(`pages.${page}.title`)}</Title>
        <QueryProvider>
          <LiveDocument id={id} />
        </QueryProvider>
        {children}
      </Stack>
    </Container>
  );
}
