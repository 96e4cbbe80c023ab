import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../app/layout/PublicLayout';

/** Change password from the e-mailed link (/changepassword?token=…&email=…). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <Title order={1} size="h2">
        {t('changePassword.title')}
      </Title>
    </PublicLayout>
  );
}
