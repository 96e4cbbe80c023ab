import { Suspense, useId, useState } from 'react';
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alarmByCode, formatDate, formatTime, thresholdText, type TNotification } from '@washboard/contracts';
import { Loading } from '../../../ui/Loading';
import { useDeviceTranslation } from '../../i18n/device-texts';
import { useMarkNotificationsRead, useNotifications } from '../hooks/use-notifications';
import { useLanguage } from '../../i18n/i18n';
import { browserTimeZone } from '../../../ui/browser-time-zone';

/** One notification: what happened on which machine, the alarm, when; unread ones are marked. */
function NotificationItem({ notification, onOpen }: { notification: TNotification; onOpen: (n: TNotification) => void }) {
  const { t } = useTranslation();
  const { t: td } = useDeviceTranslation();
  const lang = useLanguage();
  const mark = useMarkNotificationsRead();
  const unread = notification.readAt === null;
  const entry = notification.errorCode === null ? undefined : alarmByCode(notification.errorCode);
  const threshold =
    notification.threshold && thresholdText(notification.threshold.condition, notification.threshold.values, lang);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="listitem" data-unread={unread} data-testid="notification">
      <UnstyledButton onClick={() => onOpen(notification)} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={unread ? 700 : 400}>
          {t(`notifications.kinds.${notification.kind}`, { machine: notification.applianceName })}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {threshold
            ? String(t(threshold.key, threshold.params as never))
            : `${notification.errorCode ?? ''} – ${entry ? td(`alarms.${entry.code}`) : (notification.errorCode ?? '')}`}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDate(notification.createdAt, 'short', lang, browserTimeZone())} ·{' '}
          {formatTime(notification.createdAt, false, lang, browserTimeZone())}
        </Text>
      </UnstyledButton>
      {unread && (
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('notifications.markRead')}
          title={t('notifications.markRead')}
          onClick={() => mark.mutate(notification.id)}
        >
          <IconCheck size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

/**
 * The notification centre in the top bar (docs/alarms.md): a bell with the unread count, opening the
 * newest notifications; a click on one marks it read and opens its machine.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const dropdownId = useId();
  const list = useNotifications();
  const mark = useMarkNotificationsRead();
  const unread = list.data?.unread ?? 0;
  const label =
    unread > 0 ? `${t('notifications.title')}, ${t('notifications.unread', { count: unread })}` : t('notifications.title');
  const open = (notification: TNotification) => {
    if (notification.readAt === null) mark.mutate(notification.id);
    setOpened(false);
    void navigate(`/device/${encodeURIComponent(notification.serialNumber)}`);
  };
  return (
    // The badge stays the popover's target (the element it is placed by); its roles are the button's,
    // which opens the dialog and says whether it is open (docs/accessibility.md, "The notification bell").
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal withRoles={false}>
      <Popover.Target>
        <Indicator disabled={unread === 0} label={unread > 99 ? '99+' : unread} size={16} color="red" offset={6}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            title={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            aria-controls={opened ? dropdownId : undefined}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown id={dropdownId} tabIndex={-1} p="sm" role="dialog" aria-label={t('notifications.title')}>
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Text fw={700}>{t('notifications.title')}</Text>
          <Button size="compact-xs" variant="subtle" disabled={unread === 0} onClick={() => mark.mutate(null)}>
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        {list.data && list.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('notifications.empty')}
          </Text>
        ) : (
          // Offset: the scrollbar would otherwise cover the mark-read buttons at the rows' right edge.
          <ScrollArea.Autosize mah={360} offsetScrollbars="y">
            <Suspense fallback={<Loading py="sm" />}>
              <Stack gap="sm" role="list" aria-label={t('notifications.title')}>
                {(list.data?.items ?? []).map((n) => (
                  <NotificationItem key={n.id} notification={n} onOpen={open} />
                ))}
              </Stack>
            </Suspense>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
