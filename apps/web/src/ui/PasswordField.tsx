import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TProps = Omit<PasswordInputProps, 'visibilityToggleButtonProps' | 'visibilityToggleFocusable'>;

/**
 * A password (or PIN) field whose eye button is a named toggle: "Show password", pressed while the
 * text shows (a toggle keeps one name and says its state, as WAI-ARIA's button pattern asks), and
 * reachable with Tab like any other control. Every secret the app asks for is typed in one.
 */
export function PasswordField(props: TProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      {...props}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
    />
  );
}
