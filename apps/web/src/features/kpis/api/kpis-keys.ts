/** One cache for the team's KPIs, by period. */
export const kpisKeys = {
  all: ['kpis'] as const,
  period: (from: string, to: string) => [...kpisKeys.all, from, to] as const,
};
