import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { VERIFICATION_CODE_LENGTH } from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../ui/CodeInput';
import { checkVerificationCode, sendVerificationCode } from '../api/account-api';

type TProps = {
  email: string;
  description: string;
  codeLabel: string;
  /** The code was accepted. */
  onVerified: () => void;
};

/**
 * The four-digit e-mail verification (wizard steps 3, 6, 10 and the activationcode mode): a wrong
 * code clears the boxes; a new code can be requested.
 */
export function VerificationCodeForm({ email, description, codeLabel, onVerified }: TProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const complete = code.length === VERIFICATION_CODE_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    setNotice(null);
    try {
      await checkVerificationCode(email, code);
      onVerified();
    } catch {
      setCode('');
      setNotice({ ok: false, text: t('errors.verifyCodeFailed') });
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setNotice(null);
    try {
      await sendVerificationCode(email);
      setNotice({ ok: true, text: t('login.activationCode.codeSent') });
    } catch {
      setNotice({ ok: false, text: t('errors.sendCodeFailed') });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <Text size="sm">{description}</Text>
        <CodeInput length={VERIFICATION_CODE_LENGTH} value={code} onChange={setCode} label={codeLabel} autoFocus />
        {notice && (
          <Text size="sm" c={notice.ok ? 'teal' : 'red'} role={notice.ok ? 'status' : 'alert'}>
            {notice.text}
          </Text>
        )}
        <Button type="submit" disabled={!complete} loading={busy}>
          {t('common.continue')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => void resend()} ta="center">
          {t('login.activationCode.resend')}
        </Anchor>
      </Stack>
    </form>
  );
}
