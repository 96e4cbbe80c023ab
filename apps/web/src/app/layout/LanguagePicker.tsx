import { IconLanguage, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type TLanguage } from '@washboard/contracts';
import { changeLanguage, currentLanguage } from '../../modules/i18n/i18n';
import classes from './LanguagePicker.module.css';

/**
 * The language changer of the top bar and the sign-in screens. A native select: accessible, right
 * on phones; drawn as Mantine's filled select without its Input components, which were a twentieth
 * of the companion's first-screen JavaScript (docs/companion.md).
 */
export function LanguagePicker({ onChange }: { onChange?: (lang: TLanguage) => void }) {
  const { t } = useTranslation();
  return (
    <div className={classes.root}>
      <span className={`${classes.section} ${classes.left}`}>
        <IconLanguage size={16} aria-hidden />
      </span>
      <select
        className={classes.select}
        aria-label={t('common.language')}
        value={currentLanguage()}
        onChange={(event) => {
          const lang = event.currentTarget.value;
          if (isLanguage(lang)) void changeLanguage(lang).then(() => onChange?.(lang));
        }}
      >
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <span className={`${classes.section} ${classes.right}`}>
        <IconSelector size={16} aria-hidden />
      </span>
    </div>
  );
}
