import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TLanguage } from '@washboard/contracts';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { notify } from '../../../ui/notify';
import { signOut } from '../../session/sign-in';
import { useSaveLanguage } from './use-profile';

/** Logout after the catalogue's confirmation; then the sign-in screen (a failed revocation says so). */
export function useConfirmLogout(): () => void {
  const { t } = useTranslation();
  const dialog = useDialog();
  const navigate = useNavigate();
  return () =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      message: t('layout.logoutConfirm.message'),
      cancelLabel: t('layout.logoutConfirm.cancel'),
      confirmLabel: t('layout.logoutConfirm.confirm'),
      onConfirm: () => {
        void signOut().then((revoked) => {
          if (!revoked) notify({ color: 'red', message: t('errors.logoutFailed') });
          void navigate('/login', { replace: true });
        });
      },
    });
}

/** A language picked while signed in is saved to the profile too (mails and reports follow it). */
export function useSaveLanguageChoice(): (lang: TLanguage) => void {
  const { i18n } = useTranslation();
  const saveLanguage = useSaveLanguage();
  // Said in the language just picked (the screen has changed to it), not the one this render had.
  return (lang) =>
    saveLanguage.mutate(lang, {
      onError: () => notify({ color: 'red', message: i18n.t('errors.profileUpdateFailed', { lng: lang }) }),
    });
}
