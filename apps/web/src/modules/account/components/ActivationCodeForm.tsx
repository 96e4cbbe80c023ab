import { Anchor, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../ui/notify';
import { VerificationCodeForm } from './VerificationCodeForm';

type TProps = { email: string; onVerified: () => void; onBackToSignin: () => void };

/** Login mode activationcode: an account whose e-mail is not verified yet enters the mailed code. */
export function ActivationCodeForm({ email, onVerified, onBackToSignin }: TProps) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1} size="h2">
        {t('login.activationCode.title')}
      </Title>
      <VerificationCodeForm
        email={email}
        description={t('login.activationCode.description', { email })}
        codeLabel={t('login.activationCode.codeLabel')}
        onVerified={() => {
          notify({ color: 'teal', message: t('login.activationCode.success') });
          onVerified();
        }}
      />
      <Anchor component="button" type="button" size="sm" onClick={onBackToSignin} ta="center">
        {t('login.signup.backToSignin')}
      </Anchor>
    </>
  );
}
