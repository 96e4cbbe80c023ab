import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { VERIFICATION_CODE_LENGTH } from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../ui/CodeInput';
import { useCheckVerificationCode, useSendVerificationCode } from '../hooks/use-registration';

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
  const check = useCheckVerificationCode(email);
  const send = useSendVerificationCode(email);
  const complete = code.length === VERIFICATION_CODE_LENGTH;
  // One notice at a time: starting either call clears what the other one said.
  const notice = check.isError
    ? { ok: false, text: t('errors.verifyCodeFailed') }
    : send.isError
      ? { ok: false, text: t('errors.sendCodeFailed') }
      : send.isSuccess
        ? { ok: true, text: t('login.activationCode.codeSent') }
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || check.isPending) return;
    send.reset();
    check.mutate(code, { onSuccess: onVerified, onError: () => setCode('') });
  };

  const resend = () => {
    check.reset();
    send.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{description}</Text>
        <CodeInput length={VERIFICATION_CODE_LENGTH} value={code} onChange={setCode} label={codeLabel} autoFocus />
        {notice && (
          <Text size="sm" c={notice.ok ? 'teal' : 'red'} role={notice.ok ? 'status' : 'alert'}>
            {notice.text}
          </Text>
        )}
        <Button type="submit" disabled={!complete} loading={check.isPending}>
          {t('common.continue')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={resend} ta="center">
          {t('login.activationCode.resend')}
        </Anchor>
      </Stack>
    </form>
  );
}
