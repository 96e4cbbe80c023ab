import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, SUPPORTED_LANGUAGES, type TLanguage } from '@washboard/contracts';
import { changeLanguage, currentLanguage } from '../../modules/i18n/i18n';

/**
 * The language changer of the top bar and the sign-in screen. A native select: accessible, right
 * on phones, and it keeps the popover library out of the sign-in bundle.
 */
export function LanguagePicker({ onChange }: { onChange?: (lang: TLanguage) => void }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      value={currentLanguage()}
      onChange={(event) => {
        const lang = event.currentTarget.value;
        if (isLanguage(lang)) void changeLanguage(lang).then(() => onChange?.(lang));
      }}
      data={SUPPORTED_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      leftSection={<IconLanguage size={16} aria-hidden />}
      variant="filled"
      size="sm"
      w={138}
    />
  );
}
