import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { FallbackRepeat } from '@prospector/core';
import classes from './templates.module.css';

type TemplatePreviewsProps = {
  previews: readonly string[];
  /** Fallbacks that repeat the word beside their placeholder (rules/templates.ts fallbackRepeats). */
  repeats?: readonly FallbackRepeat[];
  /** A placeholder names nothing: the texts cannot be filled in yet. */
  blocked: boolean;
  /** The fields with a fallback, which some previews' contact lacks so that the fallback shows. */
  without?: readonly string[];
  /** Which previews are of that contact (rules/templates.ts previewLacksFallbackFields). */
  lacking?: readonly boolean[];
};

/** The 5 renders of the live preview: what 5 recipients in a row would receive. */
export function TemplatePreviews({
  previews,
  blocked,
  repeats = [],
  without = [],
  lacking = [],
}: TemplatePreviewsProps) {
  return (
    <Stack gap="md" component="section" aria-label="Live preview">
      <div>
        <Text fw={700}>Live preview</Text>
        <Text size="sm" c="dimmed">
          Five recipients in a row, with a sample contact
          {without.length > 0 && `; every second one has no ${without.join(' or ')}, to show the fallback`}.
          Subtemplates rotate, so each reads a little differently.
        </Text>
      </div>
      {blocked && (
        <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} p="sm">
          The preview fills in once every placeholder names a field or a subtemplate.
        </Alert>
      )}
      {repeats.map((repeat) => (
        <Alert
          key={`${repeat.field}|${repeat.fallback}`}
          variant="light"
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          p="sm"
        >
          A contact without {repeat.field} would read “{repeat.word} {repeat.fallback}”: the fallback “
          {repeat.fallback}” repeats the word “{repeat.word}” beside it.
        </Alert>
      ))}
      <Stack
        component="ol"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none', opacity: blocked ? 0.45 : 1, transition: 'opacity 120ms ease' }}
      >
        {previews.map((preview, i) => (
          <Stack component="li" key={i} gap={4} aria-label={`Preview ${i + 1}`}>
            <Text size="xs" c="dimmed" fw={600} ta="right">
              Recipient {i + 1}
              {lacking[i] && ` · no ${without.join(', ')}`}
            </Text>
            <div className={classes.bubble}>
              {preview.trim() ? (
                preview
              ) : (
                <Text span inherit c="brand.1">
                  Your text appears here as you type.
                </Text>
              )}
            </div>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
