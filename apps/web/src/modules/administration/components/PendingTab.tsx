import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState';

/** The product tabs until their screens land: the tab is there for its holders, and says so. */
export function PendingTab() {
  const { t } = useTranslation();
  return <EmptyState message={t('admin.tabPending')} />;
}
