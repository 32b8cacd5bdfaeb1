import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Prose.module.css';

interface Section {
  title: string;
  body: string[];
}

/** A long-form page (about, privacy, terms) whose sections live in the translation files. */
export function ProsePage({ ns, children }: { ns: 'about' | 'privacy' | 'terms'; children?: ReactNode }) {
  const { t } = useTranslation();
  const sections = t(`${ns}.sections`, { returnObjects: true }) as Section[];
  return (
    <article className={styles.page}>
      <h1>{t(`${ns}.title`)}</h1>
      <p className={styles.lead}>{t(`${ns}.lead`)}</p>
      {Array.isArray(sections)
        ? sections.map((section) => (
            <section key={section.title} className={styles.section}>
              <h2>{section.title}</h2>
              {section.body.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))
        : null}
      {children}
    </article>
  );
}
