import { ProsePage } from '../components/ProsePage.tsx';

export default function TermsPage() {
  return <ProsePage ns="terms" />;
}
