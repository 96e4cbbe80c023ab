import { useState, type ChangeEvent } from 'react';
import { Anchor, Button, Checkbox, Divider, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { legalPdfPath, NAME_MIN_LENGTH } from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { personalDataProblems, type TPersonalData } from '../hooks/personal-data';
import { PasswordField } from '../../../ui/PasswordField';

type TProps = {
  value: TPersonalData;
  onChange: (next: TPersonalData) => void;
  onNext: () => void;
  /** Set when a later step sent the user back because the company is needed (service manager). */
  companyError?: string;
};

type TTextField = 'firstName' | 'lastName' | 'companyName' | 'email' | 'confirmEmail' | 'password' | 'confirmPassword';

/** Wizard step 1: personal data, credentials and consents. Messages show once a field was left. */
export function PersonalDataStep({ value, onChange, onNext, companyError }: TProps) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState<Partial<Record<keyof TPersonalData, boolean>>>({});
  const problems = personalDataProblems(value);
  const ready = Object.keys(problems).length === 0;
  const lang = currentLanguage();

  const message = (field: keyof TPersonalData) => {
    const problem = touched[field] ? problems[field] : undefined;
    if (!problem) return undefined;
    return problem === 'validation.minChars' ? t(problem, { count: NAME_MIN_LENGTH }) : t(problem);
  };
  const text = (field: TTextField) => ({
    value: value[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ ...value, [field]: e.currentTarget.value }),
    onBlur: () => setTouched((s) => ({ ...s, [field]: true })),
    error: message(field),
  });
  const check = (field: 'tncCheck1' | 'tncCheck2' | 'privacyCheck1' | 'privacyCheck2') => ({
    checked: value[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      onChange({ ...value, [field]: e.currentTarget.checked });
      setTouched((s) => ({ ...s, [field]: true }));
    },
    error: message(field),
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onNext();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('register.step1.description')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label={t('register.step1.firstName')} autoComplete="given-name" withAsterisk {...text('firstName')} />
          <TextInput label={t('register.step1.lastName')} autoComplete="family-name" withAsterisk {...text('lastName')} />
        </SimpleGrid>
        <TextInput
          label={t('register.step1.company')}
          description={t('register.step1.companyHint')}
          autoComplete="organization"
          {...text('companyName')}
          error={companyError && value.companyName.trim() === '' ? companyError : undefined}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label={t('register.step1.email')} type="email" autoComplete="email" withAsterisk {...text('email')} />
          <TextInput
            label={t('register.step1.confirmEmail')}
            type="email"
            autoComplete="off"
            withAsterisk
            {...text('confirmEmail')}
          />
        </SimpleGrid>
        <PasswordField
          label={t('register.step1.password')}
          description={t('register.step1.passwordHint')}
          autoComplete="new-password"
          withAsterisk
          {...text('password')}
        />
        <PasswordField
          label={t('register.step1.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          {...text('confirmPassword')}
        />
        <Divider label={t('register.step1.consentsTitle')} labelPosition="left" mt="xs" />
        <Anchor href={legalPdfPath('terms', lang)} target="_blank" rel="noopener noreferrer" size="sm">
          {t('register.step1.readTerms')}
        </Anchor>
        <Checkbox label={t('register.step1.tncCheck1')} {...check('tncCheck1')} />
        <Checkbox label={t('register.step1.tncCheck2')} {...check('tncCheck2')} />
        <Anchor href={legalPdfPath('registrationPrivacy', lang)} target="_blank" rel="noopener noreferrer" size="sm">
          {t('register.step1.readPrivacy')}
        </Anchor>
        <Checkbox label={t('register.step1.privacyCheck1')} {...check('privacyCheck1')} />
        <Checkbox label={t('register.step1.privacyCheck2')} {...check('privacyCheck2')} />
        <Button type="submit" disabled={!ready} mt="sm">
          {t('register.next')}
        </Button>
      </Stack>
    </form>
  );
}
