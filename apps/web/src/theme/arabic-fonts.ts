// The Arabic web font's files, whose faces global.css imports (@fontsource, font-display: swap).
// A page rendered in Arabic asks for them beside its style sheets: arriving after the first paint,
// they reflowed its text and moved what was below it (CLS 0.10-0.16 on the landing, decision 018).
import regular from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url';
import semibold from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-600-normal.woff2?url';
import bold from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2?url';

export const ARABIC_FONT_FILES: readonly string[] = [regular, semibold, bold];
