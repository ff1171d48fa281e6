import { PrivacyScreen } from '../../features/privacy/components/privacy-screen.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('profilePrivacy');

export default function ProfilePrivacyPage() {
  return <PrivacyScreen />;
}
