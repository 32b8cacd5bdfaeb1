// How wide the server makes a cover and the cards' copy of it (px, never enlarged). The web app
// names them in its `srcset`; kept apart from library.ts so the first load does not bring zod.
export const COVER_WIDTHS = {
  /** A summary cover is re-encoded at most this wide. */
  cover: 800,
  /** The cards' copy: a card is ~150–190 CSS px wide on a phone, ×1.75–2 pixels. */
  card: 360,
} as const;
