// A small set of line icons (24×24, currentColor). Decorative: pair each with visible or hidden text.

const PATHS = {
  home: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z',
  books: 'M4 4h5v16H4zM10 4h5v16h-5zM16.5 4.6l4.3 1.1-3.6 14.6-4.3-1.1z',
  search:
    'M10.5 3a7.5 7.5 0 1 0 4.6 13.4L20.3 21.6l1.4-1.4-5.2-5.2A7.5 7.5 0 0 0 10.5 3zm0 2a5.5 5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11z',
  library: 'M6 3h12v18l-6-4-6 4z',
  thoughts: 'M4 4h16v12H8l-4 4z',
  assistant:
    'M12 2l2.2 5.8L20 10l-5.8 2.2L12 18l-2.2-5.8L4 10l5.8-2.2zM19 16l.9 2.1L22 19l-2.1.9L19 22l-.9-2.1L16 19l2.1-.9z',
  add: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
  support:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 11h2v2h-2zm1-8a3.5 3.5 0 0 1 1.2 6.8c-.2.1-.2.2-.2.4V14h-2v-.8c0-1 .6-1.9 1.5-2.2A1.5 1.5 0 1 0 10.5 9.5h-2A3.5 3.5 0 0 1 12 7z',
  billing: 'M3 5h18v14H3zm2 2v2h14V7zm0 5v5h14v-5zm2 2h4v1.5H7z',
  profile: 'M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 11c4.4 0 8 2.2 8 5v2H4v-2c0-2.8 3.6-5 8-5z',
  settings:
    'M10.3 2h3.4l.5 2.6 1.6.9 2.5-.9 1.7 2.9-2 1.7v1.6l2 1.7-1.7 2.9-2.5-.9-1.6.9-.5 2.6h-3.4l-.5-2.6-1.6-.9-2.5.9-1.7-2.9 2-1.7V9.2l-2-1.7 1.7-2.9 2.5.9 1.6-.9zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  more: 'M5 10a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4z',
  signOut: 'M4 3h9v2H6v14h7v2H4zm12.6 4.4L21.2 12l-4.6 4.6-1.4-1.4 2.2-2.2H10v-2h7.4l-2.2-2.2z',
  close: 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
  share: 'M12 2l4.6 4.6-1.4 1.4L13 5.8V15h-2V5.8L8.8 8 7.4 6.6zM5 10h3v2H7v8h10v-8h-1v-2h3v12H5z',
  download: 'M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3zM4 19h16v2H4z',
  trash: 'M9 3h6l1 2h4v2H4V5h4zM6 8h12l-1.2 13H7.2zm3.5 3v7H11v-7zm3.5 0v7h1.5v-7z',
  history: 'M4 5h16v2H4zm0 6h16v2H4zm0 6h10v2H4z',
  console:
    'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zm-1 13.4l5.7-5.7-1.4-1.4-4.3 4.3-2.3-2.3-1.4 1.4z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  const filled = name !== 'library' && name !== 'thoughts' && name !== 'home' && name !== 'books';
  return (
    <svg
      className={className}
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={filled ? undefined : 2}
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
