import { ProsePage } from '#web/features/marketing/components/ProsePage.tsx';

export default function TermsPage() {
  return <ProsePage ns="terms" />;
}
