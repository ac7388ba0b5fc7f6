// The library ships no types; these are the calls this module makes (see its API documentation).
declare module 'wink-naive-bayes-text-classifier' {
  type Classifier = {
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    definePrepTasks(tasks: ((input: string) => string[])[]): number;
    learn(input: string | string[], label: string): boolean;
    consolidate(): boolean;
    computeOdds(input: string | string[]): [string, number][];
    exportJSON(): string;
    importJSON(json: string): boolean;
  };
  export default function createClassifier(): Classifier;
}
