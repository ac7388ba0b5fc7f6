/** Query keys of the templates feature, generic → specific; invalidate through these only. */
export const templatesKeys = {
  all: ['templates'] as const,
  data: () => [...templatesKeys.all, 'data'] as const,
};
