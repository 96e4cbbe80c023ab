import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Group, Input, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TProps = {
  /** How many digits: 4 for verification codes, 6 for company, service partner and signup codes. */
  length: number;
  value: string;
  onChange: (value: string) => void;
  /** Names the group of boxes (read out before each box's own label). */
  label: string;
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
};

const keepDigits = (text: string) => text.replace(/\D/g, '');

/**
 * A code typed one digit per box: non-digits are stripped, focus moves on after a digit, Backspace
 * on an empty box goes back, and a pasted (or autofilled) code fills the boxes from the one it lands in.
 * Mantine's PinInput refuses a paste that contains anything but digits ("12 34", "Code: 1234").
 */
export function CodeInput({ length, value, onChange, label, error, disabled, autoFocus }: TProps) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  // Boxes may be emptied in the middle; the code reported is the digits in order, so it is only
  // `length` long when every box holds one.
  const [cells, setCells] = useState<string[]>(() => Array.from({ length }, (_, i) => value[i] ?? ''));
  if (cells.join('') !== value) setCells(Array.from({ length }, (_, i) => value[i] ?? ''));

  const focus = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const update = (next: string[]) => {
    setCells(next);
    onChange(next.join(''));
  };

  /** Writes `typed` from box `index` on and moves the focus after the last digit written. */
  const write = (index: number, typed: string) => {
    const next = [...cells];
    const incoming = typed.slice(0, length - index).split('');
    incoming.forEach((digit, offset) => {
      next[index + offset] = digit;
    });
    update(next);
    focus(index + incoming.length);
  };

  /** `caret`: where the cursor stands after the input, which tells the new digit from the old one. */
  const handleChange = (index: number, raw: string, caret: number | null) => {
    if (raw === '') {
      update(cells.map((cell, i) => (i === index ? '' : cell)));
      return;
    }
    const typed = keepDigits(raw);
    if (typed === '') return;
    // Typing over a box's digit: the input holds the old digit and the new one, on either side of
    // the cursor (a box whose digit was not selected — focus moved on faster than the selection —
    // got the new one in front). Keep the new one only, or the old one would spill into the next box.
    const old = cells[index] ?? '';
    if (typed.length === 2 && old !== '' && raw.length === 2) {
      write(index, caret === 1 ? typed.slice(0, 1) : typed.slice(1));
      return;
    }
    write(index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    // A digit key replaces the box's digit whatever the cursor or selection: written here, not left
    // to the input, where a fast typist's digit could land beside the old one. (Phone keyboards that
    // send no key name, and pastes, go through handleChange.)
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      write(index, event.key);
      return;
    }
    if (event.key === 'Backspace' && cells[index] === '' && index > 0) {
      event.preventDefault();
      update(cells.map((cell, i) => (i === index - 1 ? '' : cell)));
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = keepDigits(event.clipboardData.getData('text'));
    if (pasted === '') return;
    // A whole code fills every box, wherever it was pasted.
    write(pasted.length >= length ? 0 : index, pasted);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} aria-hidden>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" role="group" aria-label={label} dir="ltr">
        {cells.map((cell, index) => (
          <Input
            key={index}
            ref={(node) => {
              boxes.current[index] = node;
            }}
            value={cell}
            onChange={(event) => handleChange(index, event.currentTarget.value, event.currentTarget.selectionStart)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.currentTarget.select()}
            aria-label={t('register.digitLabel', { position: index + 1, length })}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            autoFocus={autoFocus && index === 0}
            error={error}
            disabled={disabled}
            size="lg"
            w={length > 4 ? 44 : 52}
            styles={{ input: { textAlign: 'center', paddingInline: 0, fontVariantNumeric: 'tabular-nums' } }}
          />
        ))}
      </Group>
    </Stack>
  );
}
