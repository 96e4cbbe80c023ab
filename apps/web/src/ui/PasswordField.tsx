import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type TProps = Omit<PasswordInputProps, 'visible' | 'defaultVisible' | 'onVisibilityChange' | 'visibilityToggleButtonProps'>;

/**
 * A password (or PIN) field whose eye button is named by what it will do: "Show password", then
 * "Hide password" once the text shows. Every secret the app asks for is typed in one.
 */
export function PasswordField(props: TProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': t(visible ? 'common.hidePassword' : 'common.showPassword') }}
    />
  );
}
