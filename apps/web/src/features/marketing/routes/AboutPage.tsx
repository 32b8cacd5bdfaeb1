import { ProsePage } from '#web/features/marketing/components/ProsePage.tsx';

export default function AboutPage() {
  return <ProsePage ns="about" />;
}
