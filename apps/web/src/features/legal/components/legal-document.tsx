import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { LegalSection } from '../content/legal-section';

type LegalDocumentProps = {
  intro: string;
  sections: LegalSection[];
  /** Terms number their sections; the policy does not. */
  numbered?: boolean;
  /** Occurrences of this address become mailto links. */
  contactEmail?: string | null;
};

function withMailLinks(text: string, email: string | null | undefined) {
  if (!email || !text.includes(email)) return text;
  const [before, ...rest] = text.split(email);
  return (
    <>
      {before}
      <Anchor href={`mailto:${email}`}>{email}</Anchor>
      {rest.join(email)}
    </>
  );
}

export function LegalDocument({ intro, sections, numbered = false, contactEmail }: LegalDocumentProps) {
  return (
    <Stack gap="lg">
      <Text c="dimmed" lh={1.7}>
        {intro}
      </Text>
      {sections.map((section, index) => (
        <Stack key={section.title} gap={8} component="section">
          <Title order={3} fz="lg">
            {numbered ? `${index + 1}. ${section.title}` : section.title}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph} lh={1.7}>
              {withMailLinks(paragraph, contactEmail)}
            </Text>
          ))}
          {section.bullets && (
            <List spacing={6} size="md" withPadding>
              {section.bullets.map((bullet) => (
                <List.Item key={bullet} lh={1.6}>
                  {bullet}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
