import { Text, type TextProps } from '@mantine/core';
import classes from './templates.module.css';

const PLACEHOLDER = /(\*\*[^*\n]+?\*\*|\{[^{}\n]+\})/;

/** A template's text with its `**Field**` and `{subtemplate}` placeholders marked. */
export function TemplateText({ text, ...props }: TextProps & { text: string }) {
  const parts = text.split(PLACEHOLDER);
  return (
    <Text size="sm" lh={1.55} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} {...props}>
      {parts.map((part, i) => {
        if (i % 2 === 0) return part;
        return (
          <span key={i} className={part.startsWith('{') ? classes.sub : classes.field}>
            {part}
          </span>
        );
      })}
    </Text>
  );
}
