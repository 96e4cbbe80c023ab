import { useTranslation } from 'react-i18next';
import { notify } from './notify';

/** How long a `mailto:` link waits for a mail app to take the page's place. */
export const MAIL_APP_WAIT_MS = 2_000;

/**
 * The click handler of a `mailto:` link: a mail app that opens takes the focus from the page (or
 * hides it); when nothing does within MAIL_APP_WAIT_MS, no app sends e-mail on this device, and
 * the user is told so (device-areas §8, "No app available to send email") instead of nothing
 * happening. On a phone or tablet only (a coarse pointer): a desktop mail client may open its
 * window without taking the focus, or the browser ask in the page first, and the notice would be
 * wrong there.
 */
export function useMailAppCheck(): () => void {
  const { t } = useTranslation();
  return () => {
    if (!window.matchMedia('(pointer: coarse)').matches) return;
    let left = false;
    const away = () => {
      left = true;
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') left = true;
    };
    window.addEventListener('blur', away);
    window.addEventListener('pagehide', away);
    document.addEventListener('visibilitychange', hidden);
    setTimeout(() => {
      window.removeEventListener('blur', away);
      window.removeEventListener('pagehide', away);
      document.removeEventListener('visibilitychange', hidden);
      if (!left) notify({ color: 'orange', message: t('errors.noMailApp') });
    }, MAIL_APP_WAIT_MS);
  };
}
