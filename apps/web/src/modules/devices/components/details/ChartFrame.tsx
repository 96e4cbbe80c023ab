import type { ReactNode } from 'react';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';

/** Drawing units of the small SVG charts: stretched to the card's width at a fixed height (lines keep their width). */
export const CHART_W = 1000;
export const CHART_H = 100;
export const CHART_TOP = 6;
/** The heights (drawing units) of the two dashed grid lines and the base line, top to bottom. */
export const CHART_GRID = [CHART_TOP, (CHART_H + CHART_TOP) / 2, CHART_H] as const;
/** The SVG's height on screen (px). */
const SVG_PX = 110;
/** Room left of the chart for its value labels (px). */
const SCALE_PX = 56;

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
  /** the label under the chart's middle (a time half-way), when it has one */
  middle?: string;
  /** value labels left of the chart, each at a height in drawing units (the grid lines' heights: CHART_GRID) */
  scale?: readonly { at: number; label: string }[];
  /** what is drawn between the grid lines and the base line */
  children: ReactNode;
};

/**
 * The card around the device page's SVG charts (StatChart, UsageChart, the temperature history):
 * title and summary above, dashed grid lines and a base line, optionally the values they stand for on
 * the left, the first and last time below (and the middle one where there is room). Labels are HTML,
 * so they keep their size at any width.
 */
export function ChartFrame({ title, summary, role, label, from, to, middle, scale, children }: TProps) {
  const gutter = scale ? SCALE_PX : 0;
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
        <Box pos="relative" pl={gutter}>
          {scale?.map((s) => (
            <Text
              key={s.at}
              size="xs"
              c="dimmed"
              ta="right"
              pos="absolute"
              left={0}
              w={gutter - 6}
              lh={1}
              aria-hidden
              data-scale
              style={{ top: (s.at / CHART_H) * SVG_PX, transform: 'translateY(-50%)', whiteSpace: 'nowrap' }}
            >
              {s.label}
            </Text>
          ))}
          <svg
            viewBox={`0 0 ${CHART_W} ${CHART_H}`}
            preserveAspectRatio="none"
            width="100%"
            height={SVG_PX}
            role={role}
            aria-label={label}
            style={{ display: 'block' }}
          >
            {CHART_GRID.slice(0, 2).map((gy) => (
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
              y1={CHART_GRID[2]}
              y2={CHART_GRID[2]}
              stroke="var(--mantine-color-default-border)"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </Box>
        <Group justify="space-between" gap="xs" pl={gutter}>
          <Text size="xs" c="dimmed">
            {from}
          </Text>
          {middle !== undefined && (
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {middle}
            </Text>
          )}
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
