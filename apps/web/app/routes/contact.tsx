import { useTranslation } from '../i18n/react.tsx';
import { ComingSoon } from '../components/coming-soon.tsx';
import { LegalPage } from '../components/legal-page.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('contact');

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <LegalPage page="contact" section="contact">
      {/* the contact form and the channels from the settings arrive with a later release */}
      <ComingSoon
        page="contact"
        showTitle={false}
        notice={{ title: t('legal.contact.soonTitle'), body: t('legal.contact.soonBody') }}
      />
    </LegalPage>
  );
}
