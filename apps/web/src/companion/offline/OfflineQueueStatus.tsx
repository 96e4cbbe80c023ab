import { ActionIcon, Alert, Group, Stack, Text } from '@mantine/core';
import { IconClockPause, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SyncInProgress } from '../../ui/SyncInProgress';
import { offlineQueue, useOfflineQueue } from './index';

/**
 * The changes that wait for the network (a count) and those the server refused after waiting (each
 * with its message, retry and drop). Nothing when the queue is empty.
 */
export function OfflineQueueStatus() {
  const { t } = useTranslation();
  const { pending, failed, replaying } = useOfflineQueue();
  if (pending.length === 0 && failed.length === 0) return null;
  return (
    <Stack gap="xs" mb="sm" data-testid="offline-queue">
      <SyncInProgress active={replaying && pending.length > 0} />
      {pending.length > 0 && !replaying && (
        <Alert color="blue" variant="light" p="xs" icon={<IconClockPause size={18} aria-hidden />} role="status">
          {t('mobile.offline.waiting', { count: pending.length })}
        </Alert>
      )}
      {failed.map((mutation) => (
        <Alert
          key={mutation.id}
          color="red"
          variant="light"
          p="xs"
          role="alert"
          title={t('mobile.offline.refused', { label: mutation.label })}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{mutation.message}</Text>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={t('common.retry')} onClick={() => void offlineQueue.retry(mutation.id)}>
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('mobile.offline.drop')}
                onClick={() => void offlineQueue.discard(mutation.id)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
