import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '#web/components/ui/Select.tsx';
import { resolveTheme } from './resolve.ts';
import { useTheme } from './ThemeProvider.tsx';
import { THEME_NAMES } from './tokens.ts';

/** A labelled <select> (accessible name "Theme") with the options light, dark, purple and red. */
export function ThemePicker({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const id = useId();
  return (
    <Select
      id={id}
      label={t('settings.theme')}
      inlineLabel={inline}
      value={theme}
      onChange={(event) => setTheme(resolveTheme(event.target.value))}
    >
      {THEME_NAMES.map((name) => (
        <option key={name} value={name}>
          {t(`settings.themes.${name}`)}
        </option>
      ))}
    </Select>
  );
}
