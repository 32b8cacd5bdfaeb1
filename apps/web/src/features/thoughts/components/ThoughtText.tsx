import { splitLinks } from '#web/features/thoughts/links.ts';

/** A thought or reply as plain text (line breaks kept by CSS), with http(s) addresses as links. */
export function ThoughtText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className} dir="auto">
      {splitLinks(text).map((segment, index) =>
        segment.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one immutable text
          <a key={index} href={segment.href} rel="noopener nofollow ugc" target="_blank">
            {segment.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one immutable text
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
