import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';

/** Drawing units of the small SVG charts: stretched to the card's width at a fixed height (lines keep their width). */
export const CHART_W = 1000;
export const CHART_H = 100;
export const CHART_TOP = 6;

type TProps = {
  title: string;
  /** the figures beside the title */
  summary: string;
  /** how the chart is announced: an image with a label, or a list of its bars */
  role: 'img' | 'list';
  label: string;
  /** the labels under the chart's two ends; `to` only when it differs */
  from: string;
  to?: string;
  /** what is drawn between the grid lines and the base line */
  children: ReactNode;
};

/**
 * The card around the statistics tab's SVG charts (StatChart, UsageChart): title and summary above,
 * dashed grid lines and a base line, the first and last time below. Labels are HTML, so they keep
 * their size at any width.
 */
export function ChartFrame({ title, summary, role, label, from, to, children }: TProps) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {summary}
          </Text>
        </Group>
        <svg
          viewBox={`0 0 ${CHART_W} ${CHART_H}`}
          preserveAspectRatio="none"
          width="100%"
          height={110}
          role={role}
          aria-label={label}
          style={{ display: 'block' }}
        >
          {[CHART_TOP, (CHART_H + CHART_TOP) / 2].map((gy) => (
            <line
              key={gy}
              x1={0}
              x2={CHART_W}
              y1={gy}
              y2={gy}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray="4 5"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {children}
          <line
            x1={0}
            x2={CHART_W}
            y1={CHART_H}
            y2={CHART_H}
            stroke="var(--mantine-color-default-border)"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {from}
          </Text>
          {to !== undefined && (
            <Text size="xs" c="dimmed">
              {to}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
