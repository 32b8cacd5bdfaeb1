import { ProsePage } from '../components/ProsePage.tsx';

export default function AboutPage() {
  return <ProsePage ns="about" />;
}
