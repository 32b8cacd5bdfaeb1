import { ProsePage } from '#web/features/marketing/components/ProsePage.tsx';

export default function PrivacyPage() {
  return <ProsePage ns="privacy" />;
}
