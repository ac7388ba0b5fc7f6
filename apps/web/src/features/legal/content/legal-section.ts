export type LegalSection = {
  title: string;
  paragraphs: string[];
  bullets?: string[];
};
