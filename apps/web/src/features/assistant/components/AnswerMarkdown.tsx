import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import { CITATION_REF_ATTRIBUTE } from '#web/features/assistant/citations.ts';
import { answerMarkdownOptions } from '#web/features/assistant/markdown.ts';
import styles from './Assistant.module.css';

/** A heading inside an answer is emphasis, not a new section of the page. */
function AnswerHeading({ children }: { children?: ReactNode } & ExtraProps) {
  return (
    <p className={styles.answerHeading} dir="auto">
      <strong>{children}</strong>
    </p>
  );
}

/**
 * An answer as safe Markdown: no raw HTML, no images, links only to http(s) addresses (in a new
 * tab, without a referrer), each paragraph in the direction of its own text, and the `[P3]`
 * citation markers shown as small reference numbers matching the chips below.
 */
export function AnswerMarkdown({ text }: { text: string }) {
  const { t } = useTranslation();
  const components = useMemo<Components>(
    () => ({
      a: ({ href, children }) =>
        href ? (
          <a href={href} target="_blank" rel="noreferrer">
            {children}
          </a>
        ) : (
          <span>{children}</span>
        ),
      sup: ({ node, children }) => {
        const ref = node?.properties?.[CITATION_REF_ATTRIBUTE];
        if (ref === undefined) return <sup>{children}</sup>;
        return (
          <sup className={styles.ref}>
            <span className="visually-hidden">{t('assistant.sourceRef')} </span>
            {children}
          </sup>
        );
      },
      p: ({ children }) => <p dir="auto">{children}</p>,
      li: ({ children }) => <li dir="auto">{children}</li>,
      h1: AnswerHeading,
      h2: AnswerHeading,
      h3: AnswerHeading,
      h4: AnswerHeading,
      h5: AnswerHeading,
      h6: AnswerHeading,
    }),
    [t],
  );

  return (
    <div className={styles.markdown}>
      <Markdown {...answerMarkdownOptions} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
