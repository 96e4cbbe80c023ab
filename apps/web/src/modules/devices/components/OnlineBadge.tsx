import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={online ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {t(online ? 'devices.status.online' : 'devices.status.offline')}
    </Badge>
  );
}
