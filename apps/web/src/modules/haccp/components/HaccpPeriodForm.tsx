import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { THaccpPeriod } from '../api/haccp-api';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period of the page: two days (from, to), applied with "Show"; a reversed period is refused. */
export function HaccpPeriodForm({ period, onChange }: { period: THaccpPeriod; onChange: (period: THaccpPeriod) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(period);
  const valid = ISO_DAY.test(draft.startDate) && ISO_DAY.test(draft.stopDate);
  const reversed = valid && draft.startDate > draft.stopDate;
  return (
    <form
      aria-label={t('haccp.period')}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !reversed) onChange(draft);
      }}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('haccp.from')}
          value={draft.startDate}
          max={draft.stopDate || undefined}
          onChange={(event) => setDraft({ ...draft, startDate: event.currentTarget.value })}
          error={reversed ? t('haccp.invalidRange') : undefined}
          w={170}
        />
        <TextInput
          type="date"
          label={t('haccp.to')}
          value={draft.stopDate}
          min={draft.startDate || undefined}
          onChange={(event) => setDraft({ ...draft, stopDate: event.currentTarget.value })}
          w={170}
        />
        <Button type="submit" mt={25} disabled={!valid || reversed}>
          {t('haccp.show')}
        </Button>
      </Group>
    </form>
  );
}
