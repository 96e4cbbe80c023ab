import '@mantine/dates/styles.css';
import 'dayjs/locale/it';
import 'dayjs/locale/fr';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { formatDay, parseDay } from '@washboard/contracts';
import type { THaccpPeriod } from '../api/haccp-api';
import { useLanguage } from '../../i18n/i18n';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period of the page: two days (from, to), applied with "Show"; a reversed period is refused.
 * Neither day limits the other in the calendar: a reversed period stays typeable and is answered
 * with its error, not silently dropped. The days are written and read in the interface language the way the tables below write dates
 * (formatDay / parseDay of the contracts): a browser's own date input would follow the browser's
 * locale instead, so a German page could show 11/24/2026 above a table of 24.11.2026.
 */
export function HaccpPeriodForm({ period, onChange }: { period: THaccpPeriod; onChange: (period: THaccpPeriod) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [draft, setDraft] = useState(period);
  const valid = ISO_DAY.test(draft.startDate) && ISO_DAY.test(draft.stopDate);
  const reversed = valid && draft.startDate > draft.stopDate;
  const dayInput = {
    valueFormat: (day: string) => formatDay(day, lang),
    dateParser: (text: string) => parseDay(text, lang),
    w: 170,
    popoverProps: { withinPortal: true },
  };
  return (
    <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
      <form
        aria-label={t('haccp.period')}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !reversed) onChange(draft);
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <DateInput
            {...dayInput}
            label={t('haccp.from')}
            value={draft.startDate || null}
            onChange={(day) => setDraft({ ...draft, startDate: day ?? '' })}
            error={reversed ? t('haccp.invalidRange') : undefined}
          />
          <DateInput
            {...dayInput}
            label={t('haccp.to')}
            value={draft.stopDate || null}
            onChange={(day) => setDraft({ ...draft, stopDate: day ?? '' })}
          />
          <Button type="submit" mt={25} disabled={!valid || reversed}>
            {t('haccp.show')}
          </Button>
        </Group>
      </form>
    </DatesProvider>
  );
}
