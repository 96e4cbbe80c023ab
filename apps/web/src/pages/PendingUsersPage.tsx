import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../ui/PageHeader';
import { EmptyState } from '../ui/EmptyState';
import { PendingUsersTable } from '../modules/account/components/PendingUsersTable';
import { usePendingUsers } from '../modules/account/hooks/use-pending-users';
import { Loading } from '../ui/Loading';

/** Authorizations: users waiting for approval (service managers and admins). */
export function PendingUsersPage() {
  const { t } = useTranslation();
  const pending = usePendingUsers();
  return (
    <>
      <PageHeader title={t('pendingUsers.title')}>
        <Text c="dimmed" size="sm">
          {t('pendingUsers.subtitle')}
        </Text>
      </PageHeader>
      {pending.isPending ? (
        <Loading />
      ) : pending.isError ? (
        <Text c="red" role="alert">
          {t('errors.tryAgainLater')}
        </Text>
      ) : pending.data.length === 0 ? (
        <EmptyState message={t('pendingUsers.empty')} />
      ) : (
        <PendingUsersTable users={pending.data} />
      )}
    </>
  );
}
