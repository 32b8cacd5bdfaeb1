import { ProsePage } from '../components/ProsePage.tsx';

export default function PrivacyPage() {
  return <ProsePage ns="privacy" />;
}
