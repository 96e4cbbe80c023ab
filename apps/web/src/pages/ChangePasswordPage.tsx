import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PublicLayout } from '../app/layout/PublicLayout';
import { QueryProvider } from '../app/QueryProvider';
import { ChangePasswordForm } from '../modules/account/components/ChangePasswordForm';

/** Change password from the e-mailed link (/changepassword?token=…&email=…; the route checks both). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  return (
    <PublicLayout>
      <Title order={1} size="h2">
        {t('changePassword.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {email}
      </Text>
      <QueryProvider>
        <ChangePasswordForm email={email} token={params.get('token') ?? ''} />
      </QueryProvider>
    </PublicLayout>
  );
}
