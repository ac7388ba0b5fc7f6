import { Group, Text } from '@mantine/core';

type BrandLogoProps = { size?: 'sm' | 'md' | 'lg'; inverted?: boolean };

const SIZES = {
  sm: { mark: 24, text: 'md' },
  md: { mark: 28, text: 'lg' },
  lg: { mark: 34, text: 'xl' },
} as const;

/** The product mark (a "P" in a rounded square) and the wordmark. */
export function BrandLogo({ size = 'md', inverted = false }: BrandLogoProps) {
  const { mark, text } = SIZES[size];
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={mark} height={mark} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={inverted ? '#fff' : 'var(--mantine-color-brand-6)'} />
        <path
          d="M11 23V9h6.5a5 5 0 0 1 0 10H14.5"
          fill="none"
          stroke={inverted ? 'var(--mantine-color-brand-6)' : '#fff'}
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text fw={800} fz={text} lh={1} c={inverted ? 'white' : undefined} style={{ letterSpacing: '-0.02em' }}>
        Prospector
      </Text>
    </Group>
  );
}
