import type { Page } from '@sahifa/contracts/library';

/** A page's fields in order, skipping empty ones; blank lines separate paragraphs. */
export function PageContent({ page }: { page: Page }) {
  const blocks: Array<{ kind: 'h2' | 'h3' | 'text'; text: string; key: string }> = [
    { kind: 'h2', text: page.header, key: 'header' },
    { kind: 'h3', text: page.subHeader, key: 'subHeader' },
    { kind: 'text', text: page.content1, key: 'content1' },
    { kind: 'h3', text: page.subHeader2, key: 'subHeader2' },
    { kind: 'text', text: page.content2, key: 'content2' },
    { kind: 'h3', text: page.subHeader3, key: 'subHeader3' },
    { kind: 'text', text: page.content3, key: 'content3' },
    { kind: 'h3', text: page.subHeader4, key: 'subHeader4' },
    { kind: 'text', text: page.content4, key: 'content4' },
  ];
  return (
    <>
      {blocks
        .filter((block) => block.text.trim() !== '')
        .map((block) => {
          if (block.kind === 'h2') return <h2 key={block.key}>{block.text}</h2>;
          if (block.kind === 'h3') return <h3 key={block.key}>{block.text}</h3>;
          return block.text
            .split(/\n\s*\n/)
            .filter((paragraph) => paragraph.trim() !== '')
            .map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
              <p key={`${block.key}-${i}`}>{paragraph.trim()}</p>
            ));
        })}
    </>
  );
}
