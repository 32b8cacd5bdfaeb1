import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/Button.tsx';
import { EmptyState } from '#web/components/ui/States.tsx';

/** An empty shelf of My Library (or of Continue reading), with a way to find books. */
export function EmptyShelf({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      action={
        <ButtonLink to="/app/books" variant="secondary" size="small">
          {t('home.browseBooks')}
        </ButtonLink>
      }
    >
      {text}
    </EmptyState>
  );
}
