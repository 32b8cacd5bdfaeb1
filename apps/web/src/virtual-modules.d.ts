/** The theme stylesheet generated from src/theme/tokens.ts by the plugin in vite.config.ts. */
declare module 'virtual:theme.css' {}
