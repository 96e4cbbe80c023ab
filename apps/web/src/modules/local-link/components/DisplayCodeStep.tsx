import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LINK_CODE_PATTERN, type TLinkReply } from '@washboard/contracts';
import { CodeInput } from '../../../ui/CodeInput';
import { localLinks } from '../link-store';

/** What the machine said of its display code. */
type TCodeState =
  { phase: 'asking' } | { phase: 'shown'; expiresAt: string } | { phase: 'locked'; retryAt: string } | { phase: 'failed' };

/** Asks the machine to show a fresh code on its display, and says what it answered. */
async function requestCode(serialNumber: string): Promise<TCodeState> {
  try {
    const link = localLinks.link(serialNumber);
    if (!link) return { phase: 'failed' };
    const reply = await link.client.request('session/request', {});
    if (reply.ok && reply.expiresAt) return { phase: 'shown', expiresAt: reply.expiresAt };
    if (reply.error === 'LOCKED' && reply.retryAt) return { phase: 'locked', retryAt: reply.retryAt };
    return { phase: 'failed' };
  } catch {
    return { phase: 'failed' };
  }
}

/** A time of today, as the user reads a clock. */
function clock(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/**
 * Opens a session with the code on the machine's display (docs/local-link.md, "Proof of presence"):
 * asks the machine to show a fresh code, takes the six digits typed, and says what a refusal means —
 * a wrong code with the tries left, no code shown any more, too many wrong codes and until when.
 * The session's opening shows through the linked machine (`sessionOpen`), which the caller watches;
 * `onOpened` is told too.
 */
export function DisplayCodeStep({ serialNumber, onOpened }: { serialNumber: string; onOpened?: () => void }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<TCodeState>({ phase: 'asking' });
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const [opening, setOpening] = useState(false);

  const refused = useCallback(
    (reply: TLinkReply): string => {
      switch (reply.error) {
        case 'WRONG_CODE':
          return t('mobile.link.session.errors.WRONG_CODE', { count: reply.attemptsLeft ?? 0 });
        case 'LOCKED':
          return t('mobile.link.session.errors.LOCKED', { time: reply.retryAt ? clock(reply.retryAt, i18n.language) : '' });
        case 'NO_CODE':
          return t('mobile.link.session.errors.NO_CODE');
        default:
          return t('mobile.link.session.errors.failed');
      }
    },
    [t, i18n.language],
  );

  useEffect(() => {
    let current = true;
    void requestCode(serialNumber).then((next) => current && setState(next));
    return () => {
      current = false;
    };
  }, [serialNumber]);

  const askAgain = () => {
    setState({ phase: 'asking' });
    setProblem(undefined);
    setCode('');
    void requestCode(serialNumber).then(setState);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const link = localLinks.link(serialNumber);
    if (!link || !LINK_CODE_PATTERN.test(code)) return;
    setOpening(true);
    try {
      const reply = await link.client.request('session/open', { code });
      if (reply.ok) {
        localLinks.setSessionOpen(serialNumber, true);
        onOpened?.();
        return;
      }
      setProblem(refused(reply));
      setCode('');
      if (reply.error === 'LOCKED' && reply.retryAt) setState({ phase: 'locked', retryAt: reply.retryAt });
    } catch {
      setProblem(t('mobile.link.session.errors.failed'));
    } finally {
      setOpening(false);
    }
  };

  if (state.phase === 'asking') return <Text size="sm">{t('mobile.link.session.asking')}</Text>;
  return (
    <Stack component="form" onSubmit={(event) => void submit(event)} gap="sm" data-testid="display-code">
      {state.phase === 'shown' && (
        <Text size="sm">{t('mobile.link.session.hint', { time: clock(state.expiresAt, i18n.language) })}</Text>
      )}
      {state.phase === 'locked' && (
        <Alert color="red" role="alert">
          {t('mobile.link.session.errors.LOCKED', { time: clock(state.retryAt, i18n.language) })}
        </Alert>
      )}
      {state.phase === 'failed' && (
        <Alert color="red" role="alert">
          {t('mobile.link.session.errors.failed')}
        </Alert>
      )}
      {state.phase === 'shown' && (
        <CodeInput length={6} value={code} onChange={setCode} label={t('mobile.link.session.code')} error={!!problem} autoFocus />
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group>
        {state.phase === 'shown' && (
          <Button type="submit" loading={opening} disabled={!LINK_CODE_PATTERN.test(code)}>
            {t('mobile.link.session.open')}
          </Button>
        )}
        <Button variant="default" onClick={askAgain}>
          {t('mobile.link.session.newCode')}
        </Button>
      </Group>
    </Stack>
  );
}
