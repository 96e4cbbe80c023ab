import { useTranslation } from 'react-i18next';
import { PageHeader } from '../ui/PageHeader';
import { EmptyState } from '../ui/EmptyState';

/** Authorizations: users waiting for approval (service managers and admins). */
export function PendingUsersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pendingUsers.title')} />
      <EmptyState message={t('pendingUsers.empty')} />
    </>
  );
}
